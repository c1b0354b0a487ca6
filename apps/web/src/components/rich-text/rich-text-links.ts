/**
 * What a link in content may point at: the same rule as the server's sanitiser (content/sanitize-html.ts)
 * applies on save and on output, checked here first so the editor says why beside the field.
 */
export const LINK_MESSAGE =
  'Enter an address starting with https://, mailto: or tel:, or a path of this site starting with /';

export function isAllowedContentLink(raw: string): boolean {
  const value = raw.trim();
  if (value === '') return false;
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  if (/^(mailto|tel):\S+$/i.test(value)) return true;
  if (!/^https?:\/\/[^\s/]+/i.test(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The editor's value: its HTML, or '' when it holds nothing but an empty paragraph. */
export const editorValue = (html: string, isEmpty: boolean) => (isEmpty ? '' : html);
