import type { PageAttributes } from '@parking/domain/content-admin';
import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { StatusDot } from '@/components/status-dot';
import { adminHref, paths } from '@/config/paths';
import { CONTENT_PAGES, type PageRecord } from '../api/content-admin';
import { ContentGate } from '../components/content-gate';
import { LAYOUT_LABELS } from '../components/page-options';

const config: ListScreenConfig<PageRecord> = {
  title: 'Pages',
  noun: 'page',
  type: CONTENT_PAGES,
  columns: [
    columns.text<PageRecord>('title', 'Title'),
    columns.text<PageRecord>('path', 'Path'),
    columns.text<PageRecord>('layout', 'Layout', {
      render: (row) => LAYOUT_LABELS[row.attributes.layout as PageAttributes['layout']],
    }),
    columns.text<PageRecord>('status', 'Status', {
      render: (row) =>
        row.attributes.status === 'published' ? (
          <StatusDot colour="green" label="Published" />
        ) : (
          <StatusDot colour="grey" label="Draft" />
        ),
    }),
    columns.datetime<PageRecord>('updated', 'Updated'),
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: [
        { value: 'published', label: 'Published' },
        { value: 'draft', label: 'Draft' },
      ],
      api: (value) => ({ status: value }),
    },
  ],
  defaultSort: 'title',
  hrefOf: (row) => adminHref(paths.adminContentPagesEdit, { pageId: row.id }),
  addHref: paths.adminContentPagesAdd.path,
  emptyText: 'No pages yet. Add one, then link it from a menu.',
};

/** Content pages (issue 25): every page of the public site but the home page, drafts included. */
export function ContentPagesListPage() {
  return (
    <ContentGate title="Pages">
      <ListScreen config={config} />
    </ContentGate>
  );
}
