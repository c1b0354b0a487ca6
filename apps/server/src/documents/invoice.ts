/**
 * Tax invoices as PDF (PDFKit): one booking's, or a day's worth with one invoice starting on each
 * page. A4; each invoice is drawn by invoice-body.ts (a header band with the business, the booking, a table of
 * charges with right-aligned amounts, totals with GST, payment and public notes). An invoice that runs over a
 * page continues under a short header, and then its pages are numbered.
 */
import { invoiceTitle, type BusinessDetails } from './business';
import { drawInvoice } from './invoice-body';
import type { InvoiceModel } from './invoice-data';
import {
  BAND,
  BOLD,
  band,
  collect,
  COLOURS,
  contentWidth,
  createDocument,
  MARGIN,
  REGULAR,
  rule,
  type Doc,
} from './pdf-layout';

export interface RenderOptions {
  /** Plain-text content streams (tests read them); compressed otherwise. */
  compress?: boolean;
  /** Who issues it (config.business, the one source). */
  business: BusinessDetails;
  /** Document title (the PDF's metadata). */
  title?: string;
  /** Shown on a page of its own when there is no invoice at all. */
  emptyMessage?: string;
}

/** Renders the invoices into one PDF, each starting on a new page. */
export async function renderInvoicesPdf(
  invoices: readonly InvoiceModel[],
  options: RenderOptions,
): Promise<Buffer> {
  const business = options.business;
  const doc = createDocument({
    compress: options.compress,
    business,
    fonts: 'unicode',
    title:
      options.title ??
      (invoices.length === 1
        ? `${invoiceTitle(business)} ${invoices[0]?.bookingCode ?? ''}`
        : `${invoiceTitle(business)}s`),
  });
  const done = collect(doc);
  /** The invoice each page belongs to (by index), for "Page n of m" per invoice. */
  const owners: number[] = [];
  let current: { index: number; invoice: InvoiceModel } | undefined;
  doc.on('pageAdded', () => {
    owners.push(current?.index ?? -1);
    if (current) continuationHeader(doc, current.invoice, business);
  });

  if (invoices.length === 0) {
    doc.addPage();
    band(doc, business, options.title ?? `${invoiceTitle(business)}s`, '');
    doc
      .font(REGULAR)
      .fontSize(11)
      .fillColor(COLOURS.text)
      .text(options.emptyMessage ?? 'No invoices.', MARGIN, BAND + 30);
  }
  invoices.forEach((invoice, index) => {
    current = undefined; // the first page of an invoice has the full header, not a continuation
    doc.addPage();
    owners[owners.length - 1] = index;
    current = { index, invoice };
    drawInvoice(doc, invoice, business);
  });
  current = undefined;
  footers(doc, owners, invoices, business);
  doc.end();
  return done;
}

function continuationHeader(doc: Doc, invoice: InvoiceModel, business: BusinessDetails) {
  const y = MARGIN - 14;
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor(COLOURS.muted)
    .text(`${business.name}  |  ${invoiceTitle(business)} ${invoice.bookingCode} (continued)`, MARGIN, y, {
      width: contentWidth(doc),
      lineBreak: false,
    });
  rule(doc, y + 16);
  // Back to the body style: text that flows over the page break (long notes) continues in it.
  doc.font(REGULAR).fontSize(10).fillColor(COLOURS.text);
  doc.x = MARGIN;
  doc.y = y + 28;
}

/** The footer on every page, with "Page n of m" where an invoice runs over a page. */
function footers(
  doc: Doc,
  owners: readonly number[],
  invoices: readonly InvoiceModel[],
  business: BusinessDetails,
) {
  const range = doc.bufferedPageRange();
  const counts = new Map<number, number>();
  for (const owner of owners) counts.set(owner, (counts.get(owner) ?? 0) + 1);
  const seen = new Map<number, number>();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    const owner = owners[page - range.start] ?? -1;
    const number = (seen.get(owner) ?? 0) + 1;
    seen.set(owner, number);
    const total = counts.get(owner) ?? 1;
    // Writing inside the bottom margin: lift the margin so that PDFKit does not start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 10;
    rule(doc, y - 22);
    const invoice = invoices[owner];
    doc.font(REGULAR).fontSize(8).fillColor(COLOURS.muted);
    if (invoice) {
      doc.text(
        `Thank you for parking with ${business.name}. Please quote booking ${invoice.bookingCode} when you contact us.`,
        MARGIN,
        y - 12,
        {
          width: contentWidth(doc),
          lineBreak: false,
        },
      );
    }
    doc.text(`${business.name}  |  ${business.phone}  |  ${business.email}`, MARGIN, y, {
      width: contentWidth(doc) - 80,
      lineBreak: false,
    });
    if (total > 1) {
      doc.text(`Page ${number} of ${total}`, doc.page.width - MARGIN - 80, y, {
        width: 80,
        align: 'right',
        lineBreak: false,
      });
    }
    doc.page.margins.bottom = margin;
  }
}
