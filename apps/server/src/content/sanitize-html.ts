/**
 * Content HTML as it leaves the server (pages, accordions, columns): parsed by a real HTML parser and
 * rebuilt from an allow-list, so that whatever was stored (or sent by a WordPress behind CMS_URL) can
 * carry no script. Elements outside the list are unwrapped (their text stays); elements whose content is
 * code or a foreign document are dropped whole; attributes outside the list and unsafe URLs are dropped.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type ChildNode = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];

const ALLOWED_TAGS = new Set([
  'a',
  'abbr',
  'address',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

/** The page's own title is its only h1: a heading 1 in the content becomes a heading 2. */
const RENAMED_TAGS: Record<string, string> = { h1: 'h2' };

/** Dropped with everything inside them. */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'select',
  'option',
  'button',
  'input',
  'form',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'xmp',
  'plaintext',
  'video',
  'audio',
  'canvas',
]);

const VOID_TAGS = new Set(['br', 'hr', 'img']);

const ALLOWED_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'title', 'target']),
  abbr: new Set(['title']),
  img: new Set(['src', 'alt', 'width', 'height', 'loading']),
  ol: new Set(['start']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
};

const URL_ATTRIBUTES = new Set(['href', 'src']);

/**
 * A URL a page may link to or load: http(s), mailto and tel, or a path on this site. Control characters
 * and whitespace are removed first, as browsers do, so `java\tscript:` is seen for what it is.
 */
export function safeUrl(value: string): string | null {
  const url = value.trim();
  // eslint-disable-next-line no-control-regex
  const probe = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (probe === '') return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(probe)?.[1]?.toLowerCase();
  if (scheme === undefined) return probe.startsWith('//') || probe.startsWith('/\\') ? null : url;
  return ['http', 'https', 'mailto', 'tel'].includes(scheme) ? url : null;
}

const escapeText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

function attributesOf(element: Element, tag: string): string {
  const allowed = ALLOWED_ATTRIBUTES[tag];
  if (!allowed) return '';
  const out: string[] = [];
  let blankTarget = false;
  for (const { name, value } of element.attrs) {
    if (!allowed.has(name)) continue;
    let kept: string | null = value;
    if (URL_ATTRIBUTES.has(name)) kept = safeUrl(value);
    else if (name === 'target') {
      // Only a new tab; then the opened page must not reach back to this one.
      if (value !== '_blank') continue;
      blankTarget = true;
    } else if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name))
      kept = /^\d{1,4}$/.test(value) ? value : null;
    else if (name === 'loading') kept = value === 'lazy' || value === 'eager' ? value : null;
    else if (name === 'scope') kept = ['row', 'col', 'rowgroup', 'colgroup'].includes(value) ? value : null;
    if (kept !== null) out.push(` ${name}="${escapeAttribute(kept)}"`);
  }
  if (blankTarget) out.push(' rel="noopener noreferrer"');
  return out.join('');
}

function render(nodes: readonly ChildNode[]): string {
  let html = '';
  for (const node of nodes) {
    if (node.nodeName === '#text' && 'value' in node) {
      html += escapeText(node.value);
      continue;
    }
    if (!('tagName' in node)) continue; // comments, doctypes
    const source = node.tagName.toLowerCase();
    if (DROPPED_TAGS.has(source) || node.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    const tag = RENAMED_TAGS[source] ?? source;
    if (!ALLOWED_TAGS.has(tag)) {
      html += render(node.childNodes);
      continue;
    }
    const attributes = attributesOf(node, tag);
    // A link whose address was unsafe keeps its text, not a dead anchor.
    if (tag === 'a' && !/ href="/.test(attributes)) {
      html += render(node.childNodes);
      continue;
    }
    if (tag === 'img' && !/ src="/.test(attributes)) continue;
    html += VOID_TAGS.has(tag)
      ? `<${tag}${attributes}>`
      : `<${tag}${attributes}>${render(node.childNodes)}</${tag}>`;
  }
  return html;
}

/** Safe HTML for `html`: see the file comment for the rules. */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  return render(parseFragment(html).childNodes);
}
