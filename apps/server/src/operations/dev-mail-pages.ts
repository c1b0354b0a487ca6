/**
 * The development mailbox as pages a newcomer can read in a browser (issue 37): the captured mail, newest
 * first; one message as a mail client shows it (headers, its HTML in a sandboxed frame, its text, its
 * attachments); the captured texts. Server-rendered, no script, styled by /backend/dev/mailbox.css.
 * Every captured value is escaped: a subject or a name is whatever a visitor typed.
 */
import type { CapturedAttachment, CapturedMail } from '../mail/mailer';
import { escapeHtml as e } from '@parking/domain/html';
import type { CapturedSms } from '../sms/sms';

export const MAIL_PATH = '/backend/dev/mail/';
export const SMS_PATH = '/backend/dev/sms/';
export const STYLESHEET_PATH = '/backend/dev/mailbox.css';

const messagePath = (id: string) => `${MAIL_PATH}${encodeURIComponent(id)}/`;
const htmlPath = (id: string) => `${messagePath(id)}html`;
export const attachmentPath = (id: string, index: number) => `${messagePath(id)}attachments/${index}`;

/** What every page needs to know: which section it is in, whether texts are captured, the business's time zone. */
export interface PageContext {
  current: 'mail' | 'sms' | null;
  texts: boolean;
  timeZone: string;
}

function layout(context: PageContext, title: string, main: string): string {
  const link = (href: string, label: string, section: PageContext['current']) =>
    `<li><a href="${href}"${context.current === section ? ' aria-current="page"' : ''}>${label}</a></li>`;
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} · Development mailbox</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<header class="bar">
<p>Development mailbox</p>
<nav aria-label="Mailbox"><ul>${link(MAIL_PATH, 'Mail', 'mail')}${
    context.texts ? link(SMS_PATH, 'Texts', 'sms') : ''
  }</ul></nav>
</header>
<main>
${main}
</main>
</body>
</html>
`;
}

function time(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return e(iso);
  const shown = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
  return `<time datetime="${e(date.toISOString())}">${e(shown)}</time>`;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Newest first: the ids start with the capture time, zero-padded, so they sort as the files do. */
const newestFirst = <T extends { id: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

/** The list of captured mail. `from` is the address MAIL_FROM gave when a message predates its capture. */
export function mailListPage(context: PageContext, mails: readonly CapturedMail[], from: string): string {
  const rows = newestFirst(mails).map(
    (mail) => `<tr>
<th scope="row" class="subject"><a href="${messagePath(mail.id)}">${e(mail.subject || '(no subject)')}</a></th>
<td data-label="From">${e(mail.from ?? from)}</td>
<td data-label="To">${e(mail.to)}</td>
<td data-label="Received" class="nowrap">${time(mail.date, context.timeZone)}</td>
<td data-label="Attachments" class="count">${mail.attachments.length}</td>
</tr>`,
  );
  const table = rows.length
    ? `<table class="stack">
<caption class="note">${plural(rows.length, 'message')}, newest first</caption>
<thead><tr><th scope="col">Subject</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Received</th><th scope="col" class="count">Attachments</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`
    : '<p>No mail yet. Register, book or ask for a password reset on the site, and the email appears here.</p>';
  return layout(
    context,
    'Mail',
    `<h1>Mail</h1>
<p class="note">Every email the server would have sent, captured instead of sent (outside production, for Admins only).
The same address answers JSON to callers that ask for it (<code>Accept: application/json</code>).</p>
${table}`,
  );
}

/** Attachment rows: open or download each, with a preview of images (the QR code, custody photos). */
function attachmentsTable(mail: CapturedMail): string {
  if (!mail.attachments.length) return '<p>This message has no attachments.</p>';
  const row = (file: CapturedAttachment, index: number) => {
    const href = attachmentPath(mail.id, index);
    const preview = file.contentType.startsWith('image/')
      ? `<img class="preview" src="${href}" alt="Preview of ${e(file.filename)}">`
      : '';
    return `<tr>
<th scope="row">${e(file.filename)}${preview}</th>
<td data-label="Type">${e(file.contentType)}</td>
<td data-label="Size" class="nowrap">${size(file.size)}</td>
<td data-label="Shown in the HTML as">${file.cid ? `<code>cid:${e(file.cid)}</code>` : 'not shown inline'}</td>
<td class="links"><a href="${href}">Open<span class="visually-hidden"> ${e(file.filename)}</span></a><a href="${href}" download="${e(file.filename)}">Download<span class="visually-hidden"> ${e(file.filename)}</span></a></td>
</tr>`;
  };
  return `<table class="stack">
<thead><tr><th scope="col">File</th><th scope="col">Type</th><th scope="col">Size</th><th scope="col">Shown in the HTML as</th><th scope="col">Links</th></tr></thead>
<tbody>
${mail.attachments.map(row).join('\n')}
</tbody>
</table>`;
}

/** One message as a mail client shows it. */
export function mailMessagePage(context: PageContext, mail: CapturedMail, from: string): string {
  const subject = mail.subject || '(no subject)';
  return layout(
    context,
    subject,
    `<p class="back"><a href="${MAIL_PATH}">All mail</a></p>
<h1>${e(subject)}</h1>
<dl class="headers">
<dt>From</dt><dd>${e(mail.from ?? from)}</dd>
<dt>To</dt><dd>${e(mail.to)}</dd>
<dt>Received</dt><dd>${time(mail.date, context.timeZone)}</dd>
<dt>Attachments</dt><dd>${mail.attachments.length}</dd>
</dl>
<nav class="parts" aria-label="Parts of this message"><ul>
<li><a href="#html-part">HTML</a></li>
<li><a href="#text-part">Text</a></li>
<li><a href="#attachments-part">Attachments (${mail.attachments.length})</a></li>
</ul></nav>
<section aria-labelledby="html-part">
<h2 id="html-part">HTML</h2>
<iframe src="${htmlPath(mail.id)}" title="The email as HTML: ${e(subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer"></iframe>
<p><a href="${htmlPath(mail.id)}">Open the HTML on its own</a> (links open in a new tab; scripts never run).</p>
</section>
<section aria-labelledby="text-part">
<h2 id="text-part">Text</h2>
<pre>${e(mail.text)}</pre>
</section>
<section aria-labelledby="attachments-part">
<h2 id="attachments-part">Attachments</h2>
${attachmentsTable(mail)}
</section>`,
  );
}

/** The captured texts, newest first. */
export function smsListPage(context: PageContext, texts: readonly CapturedSms[]): string {
  const rows = newestFirst(texts).map(
    (text) => `<tr>
<th scope="row">${e(text.to)}</th>
<td data-label="Sent" class="nowrap">${time(text.date, context.timeZone)}</td>
<td data-label="Message" class="message">${e(text.body)}</td>
</tr>`,
  );
  const table = rows.length
    ? `<table class="stack">
<caption class="note">${plural(rows.length, 'text')}, newest first</caption>
<thead><tr><th scope="col">To</th><th scope="col">Sent</th><th scope="col">Message</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`
    : '<p>No texts yet. Travellers are texted when their arriving flight is delayed or cancelled.</p>';
  return layout(
    context,
    'Texts',
    `<h1>Texts</h1>
<p class="note">Every text message the server would have sent, captured instead (SMS_PROVIDER=captured, for Admins only).</p>
${table}`,
  );
}

/** What a browser is told when it may not read the mailbox, or the message is not there. */
export function problemPage(context: PageContext, status: 401 | 403 | 404): string {
  const [title, text] =
    status === 401
      ? [
          'Log in as an Admin',
          'The captured mail holds password-reset and welcome links, so only Admins may read it. <a href="/login">Log in</a> as an Admin (the demo’s is admin@example.com), then come back to this address.',
        ]
      : status === 403
        ? [
            'For Admins only',
            'The captured mail holds password-reset and welcome links, so only Admins may read it. <a href="/login">Log in</a> as an Admin instead.',
          ]
        : ['Not found', `There is no such message. <a href="${MAIL_PATH}">All mail</a>`];
  return layout(context, title, `<h1>${title}</h1>\n<p>${text}</p>`);
}

/**
 * The email's own HTML for its frame: each cid: reference (the QR code, custody photos) points at its
 * attachment, as a mail client resolves it, and links open in a new tab (`<base target>`) rather than
 * inside the frame, where the site's pages could not run.
 */
export function emailDocument(mail: CapturedMail, source: (index: number) => string): string {
  const html = mail.html.replace(/\bcid:([^"'\s)>]+)/gi, (reference, cid: string) => {
    // The HTML holds the id escaped, as the templates wrote it.
    const index = mail.attachments.findIndex((file) => file.cid !== undefined && e(file.cid) === cid);
    return index < 0 ? reference : source(index);
  });
  const base = '<base target="_blank">';
  return /<head(\s[^>]*)?>/i.test(html)
    ? html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${base}`)
    : `${base}${html}`;
}
