/**
 * Text put into HTML (emails, the development mailbox, a pre-rendered page's title): the five characters
 * that could start markup or end an attribute are written as entities. One rule for every writer of HTML.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
