/**
 * A booking as an email shows it, in HTML and in plain text with the same words: the code (with its
 * QR image when one is attached), when and where, the car, the flights and bus, every charge with
 * its discounts, the total with GST, what is paid and what is due. Built from the invoice's model,
 * so the email, the PDF attached to it and the site say the same thing.
 *
 * Exported for every booking email (confirmation, payment receipt, changes and cancellations):
 * `renderBookingSummary` is the block, `renderBookingEmail` wraps it with a heading, links and the
 * business's footer.
 */
import { escapeHtml } from '@parking/domain/html';
import type { BusinessDetails } from '../documents/business';
import type { InvoiceModel } from '../documents/invoice-data';

const NAVY = '#0b3a66';
const MUTED = '#52606d';
const RULE = '#dde3ea';

interface SummaryOptions {
  /** The content id of the attached QR image of the booking code, when there is one. */
  qrCid?: string;
}

export interface RenderedPart {
  html: string;
  text: string;
}

function detailRows(model: InvoiceModel): Array<[string, string]> {
  return [
    ['Drop-off', model.dropOff],
    ['Pick-up', model.pickUp],
    ['Car park', model.lot],
    ['Vehicle', [model.vehicle.rego, model.vehicle.description].filter(Boolean).join(' · ')],
    ['Flight out', model.flightOut],
    ['Flight back', model.flightIn],
    ['Shuttle bus', model.busDeparture],
    ['Passengers', model.passengers],
  ];
}

function moneyRows(model: InvoiceModel): Array<[string, string]> {
  return [
    ['Total (AUD)', model.total],
    ['Includes GST of', model.gst],
    ['Amount paid', model.amountPaid],
    ['Balance due', model.balanceDue],
  ];
}

function renderBookingSummary(model: InvoiceModel, options: SummaryOptions = {}): RenderedPart {
  const cell = 'padding:6px 0;vertical-align:top;font-size:14px';
  const details = detailRows(model)
    .map(
      ([label, value]) =>
        `<tr><td style="${cell};color:${MUTED};width:38%">${escapeHtml(label)}</td><td style="${cell};overflow-wrap:anywhere;word-break:break-word">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const charges = model.lines
    .map(
      (line) =>
        `<tr><td style="${cell};border-bottom:1px solid ${RULE}">${escapeHtml(line.description)}${
          line.detail
            ? `<br><span style="color:${MUTED};font-size:12px">${escapeHtml(line.detail)}</span>`
            : ''
        }</td><td style="${cell};border-bottom:1px solid ${RULE};text-align:right;white-space:nowrap">${escapeHtml(line.amount)}</td></tr>`,
    )
    .join('');
  const totals = moneyRows(model)
    .map(([label, value], index) => {
      const strong = index === 0 || (label === 'Balance due' && value !== '$0.00');
      const weight = strong ? 'font-weight:bold;' : '';
      return `<tr><td style="${cell};${weight}">${escapeHtml(label)}</td><td style="${cell};${weight}text-align:right;white-space:nowrap">${escapeHtml(value)}</td></tr>`;
    })
    .join('');
  // Two inline blocks, not two table cells: side by side where there is room, the QR code under the
  // code on a narrow phone (no media query, which some mail apps ignore).
  const qr = options.qrCid
    ? `<div style="display:inline-block;vertical-align:middle;padding:8px 0 0"><img src="cid:${escapeHtml(options.qrCid)}" width="120" height="120" alt="QR code of booking ${escapeHtml(model.bookingCode)}" style="display:block"></div>`
    : '';
  const html = `<div style="background:#eef3f9;border-radius:10px;margin:0 0 24px;padding:16px 20px">
<div style="display:inline-block;vertical-align:middle;max-width:100%;margin:0 16px 0 0"><p style="margin:0;font-size:13px;color:${MUTED}">Your booking code</p>
<p style="margin:4px 0 0;font-size:30px;font-weight:bold;letter-spacing:3px;color:${NAVY};overflow-wrap:anywhere">${escapeHtml(model.bookingCode)}</p>
<p style="margin:4px 0 0;font-size:13px;color:${MUTED}">Show this code${options.qrCid ? ' or the QR code' : ''} when you drop off your car.</p></div>${qr}</div>
<h2 style="font-size:17px;margin:0 0 8px;color:${NAVY}">Your stay</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">${details}</table>
<h2 style="font-size:17px;margin:0 0 8px;color:${NAVY}">Charges</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 8px">${charges}${totals}</table>
<p style="margin:0 0 24px;font-size:13px;color:${MUTED}">Payment: ${escapeHtml(model.paymentStatus)}${
    model.paymentMethod !== '-' ? `, ${escapeHtml(model.paymentMethod)}` : ''
  }${model.paymentDate !== '-' ? `, ${escapeHtml(model.paymentDate)}` : ''}</p>`;

  const width = Math.max(...[...detailRows(model), ...moneyRows(model)].map(([label]) => label.length)) + 2;
  const row = ([label, value]: [string, string]) => `${`${label}:`.padEnd(width)}${value}`;
  const text = [
    `Booking code: ${model.bookingCode}`,
    '',
    'YOUR STAY',
    ...detailRows(model).map(row),
    '',
    'CHARGES',
    ...model.lines.map(
      (line) => `${line.description}${line.detail ? ` (${line.detail})` : ''}: ${line.amount}`,
    ),
    '',
    ...moneyRows(model).map(row),
    `Payment: ${[model.paymentStatus, model.paymentMethod, model.paymentDate].filter((part) => part !== '-').join(', ')}`,
  ].join('\n');
  return { html, text };
}

export interface BookingEmailContent {
  heading: string;
  /** Paragraphs before the summary. */
  intro: string[];
  model: InvoiceModel;
  business: BusinessDetails;
  links: Array<{ label: string; url: string }>;
  /** Paragraphs after the links (arrival instructions). */
  notes: string[];
  qrCid?: string;
}

/** A whole booking email: heading, intro, the summary, buttons, notes and the business's footer. */
export function renderBookingEmail(content: BookingEmailContent): RenderedPart {
  const { business } = content;
  const summary = renderBookingSummary(content.model, { qrCid: content.qrCid });
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(text)}</p>`;
  const buttons = content.links
    .map(
      (link, index) =>
        `<a href="${escapeHtml(link.url)}" style="${
          index === 0
            ? `background:${NAVY};color:#ffffff;`
            : `background:#ffffff;color:${NAVY};border:1px solid ${NAVY};`
        }padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block;margin:0 8px 8px 0;font-size:15px">${escapeHtml(link.label)}</a>`,
    )
    .join('');
  const footer = [
    business.name,
    business.address.join(', '),
    `Phone ${business.phone} · ${business.email}`,
    business.abn ? `ABN ${business.abn}` : '',
  ]
    .filter(Boolean)
    .map(escapeHtml)
    .join('<br>');
  const html = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1c2733">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:28px 24px">
<p style="margin:0 0 20px;font-weight:bold;color:${NAVY}">${escapeHtml(business.name)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.intro.map(paragraph).join('')}
${summary.html}
<div style="margin:0 0 16px">${buttons}</div>
${content.notes.map(paragraph).join('')}
<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid ${RULE};font-size:12px;color:${MUTED};line-height:1.6">${footer}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.intro.flatMap((p) => [p, '']),
    summary.text,
    '',
    ...content.links.map((link) => `${link.label}: ${link.url}`),
    '',
    ...content.notes.flatMap((p) => [p, '']),
    '--',
    business.name,
    business.address.join(', '),
    `Phone ${business.phone} · ${business.email}`,
    ...(business.abn ? [`ABN ${business.abn}`] : []),
  ].join('\n');
  return { html, text };
}
