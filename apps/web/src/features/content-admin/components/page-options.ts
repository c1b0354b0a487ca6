import type { ContentPageLayout } from '@parking/domain/content-admin';

/** The three layouts of public-site §1, as the back office names them. */
export const LAYOUT_LABELS: Record<ContentPageLayout, string> = {
  page: 'Page',
  'feature-image': 'Feature Image',
  contact: 'Contact',
};

export const LAYOUT_OPTIONS = Object.entries(LAYOUT_LABELS).map(([value, label]) => ({ value, label }));
export const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
];
