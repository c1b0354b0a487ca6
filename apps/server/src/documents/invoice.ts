/**
 * Tax invoices as PDF (PDFKit): one booking's, or a day's worth with one invoice starting on each
 * page. A4, a header band with the business, the booking, a table of charges with right-aligned
 * amounts, totals with GST, payment and public notes. An invoice that runs over a page continues
 * under a short header, and then its pages are numbered.
 */
import { invoiceTitle, type BusinessDetails } from './business';
import type { InvoiceModel } from './invoice-data';
import {
  BAND,
  BOLD,
  band,
  bottom,
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

/** Starts a new page unless `height` more points fit on this one; answers the y to draw at. */
function ensure(doc: Doc, y: number, height: number): number {
  if (y + height <= bottom(doc)) return y;
  doc.addPage();
  return doc.y;
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

/** A small upper-case section label with a rule under it; answers the y below. */
function sectionLabel(doc: Doc, text: string, y: number): number {
  doc
    .font(BOLD)
    .fontSize(8)
    .fillColor(COLOURS.muted)
    .text(text.toUpperCase(), MARGIN, y, { characterSpacing: 0.8, lineBreak: false });
  rule(doc, y + 13);
  doc.fillColor(COLOURS.text);
  return y + 20;
}

/** Label and value pairs in a column; answers the y below. */
function pairs(
  doc: Doc,
  rows: Array<[string, string]>,
  x: number,
  y: number,
  labelWidth: number,
  valueWidth: number,
): number {
  let top = y;
  for (const [label, value] of rows) {
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(label, x, top + 1, { width: labelWidth, lineBreak: false });
    doc.font(REGULAR).fontSize(10).fillColor(COLOURS.text);
    const height = doc.heightOfString(value, { width: valueWidth });
    doc.text(value, x + labelWidth, top, { width: valueWidth });
    top += Math.max(14, height) + 4;
  }
  return top;
}

function drawInvoice(doc: Doc, invoice: InvoiceModel, business: BusinessDetails) {
  band(doc, business, invoiceTitle(business), `Booking ${invoice.bookingCode}`);
  const width = contentWidth(doc);
  const half = width / 2;
  let y = BAND + 22;

  // Billed to, and the invoice's own details.
  const billedY = sectionLabel(doc, 'Billed to', y);
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(COLOURS.text)
    .text(invoice.customer.name, MARGIN, billedY, { width: half - 20 });
  doc.font(REGULAR).fontSize(10);
  const contact = [invoice.customer.business, invoice.customer.email, invoice.customer.phone].filter(Boolean);
  if (contact.length) doc.text(contact.join('\n'), MARGIN, doc.y + 2, { width: half - 20, lineGap: 1 });
  const leftBottom = doc.y;
  const rightBottom = pairs(
    doc,
    [
      ['Invoice number', invoice.bookingCode],
      ['Issue date', invoice.issueDate],
      ['Booking status', invoice.bookingStatus],
    ],
    MARGIN + half,
    billedY,
    95,
    half - 95,
  );
  y = Math.max(leftBottom, rightBottom) + 14;

  // The booking.
  y = ensure(doc, y, 110);
  y = sectionLabel(doc, 'Booking details', y);
  const vehicle = invoice.vehicle.description
    ? `${invoice.vehicle.rego}  (${invoice.vehicle.description})`
    : invoice.vehicle.rego;
  const left = pairs(
    doc,
    [
      ['Car park', invoice.lot],
      ['Drop-off', invoice.dropOff],
      ['Pick-up', invoice.pickUp],
      ['Bus departs', invoice.busDeparture],
    ],
    MARGIN,
    y,
    62,
    half - 72,
  );
  const right = pairs(
    doc,
    [
      ['Vehicle', vehicle],
      ['Flight out', invoice.flightOut],
      ['Flight in', invoice.flightIn],
      ['Passengers', invoice.passengers],
    ],
    MARGIN + half,
    y,
    62,
    half - 62,
  );
  y = Math.max(left, right) + 12;

  y = charges(doc, invoice, y);
  y = totals(doc, invoice, y + 8);

  // Payment.
  y = ensure(doc, y + 14, 60);
  y = sectionLabel(doc, 'Payment', y);
  const payLeft = pairs(
    doc,
    [
      ['Status', invoice.paymentStatus],
      ['Method', invoice.paymentMethod],
    ],
    MARGIN,
    y,
    62,
    half - 72,
  );
  const payRight = pairs(doc, [['Paid on', invoice.paymentDate]], MARGIN + half, y, 62, half - 62);
  y = Math.max(payLeft, payRight);

  // Public notes flow onto further pages when they are long.
  if (invoice.notes) {
    y = ensure(doc, y + 12, 50);
    y = sectionLabel(doc, 'Notes', y);
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(COLOURS.text)
      .text(invoice.notes, MARGIN, y, { width, lineGap: 2 });
    y = doc.y;
  }
}

const AMOUNT_WIDTH = 110;

function tableHeader(doc: Doc, y: number): number {
  const width = contentWidth(doc);
  doc.save().rect(MARGIN, y, width, 22).fill(COLOURS.tableHead).restore();
  doc.font(BOLD).fontSize(9).fillColor(COLOURS.muted);
  doc.text('DESCRIPTION', MARGIN + 10, y + 7, {
    width: width - AMOUNT_WIDTH - 20,
    characterSpacing: 0.5,
    lineBreak: false,
  });
  doc.text('AMOUNT (AUD)', MARGIN + width - AMOUNT_WIDTH - 10, y + 7, {
    width: AMOUNT_WIDTH,
    align: 'right',
    characterSpacing: 0.5,
    lineBreak: false,
  });
  doc.fillColor(COLOURS.text);
  return y + 22;
}

/** The charge lines, with the table header repeated on a new page; answers the y below. */
function charges(doc: Doc, invoice: InvoiceModel, start: number): number {
  const width = contentWidth(doc);
  const textWidth = width - AMOUNT_WIDTH - 30;
  let y = tableHeader(doc, ensure(doc, start, 22 + 34));
  for (const line of invoice.lines) {
    doc.font(REGULAR).fontSize(10);
    const descriptionHeight = doc.heightOfString(line.description, { width: textWidth });
    doc.fontSize(8.5);
    const detailHeight = line.detail ? doc.heightOfString(line.detail, { width: textWidth }) + 2 : 0;
    const height = descriptionHeight + detailHeight + 14;
    if (y + height > bottom(doc)) y = tableHeader(doc, ensure(doc, y, height + 22));
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(COLOURS.text)
      .text(line.description, MARGIN + 10, y + 7, { width: textWidth });
    if (line.detail)
      doc
        .fontSize(8.5)
        .fillColor(COLOURS.muted)
        .text(line.detail, MARGIN + 10, y + 7 + descriptionHeight + 2, { width: textWidth });
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(COLOURS.text)
      .text(line.amount, MARGIN + width - AMOUNT_WIDTH - 10, y + 7, {
        width: AMOUNT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    y += height;
    rule(doc, y);
  }
  return y;
}

/** Total, GST, paid and balance, right-aligned under the amounts; answers the y below. */
function totals(doc: Doc, invoice: InvoiceModel, start: number): number {
  const width = contentWidth(doc);
  const boxWidth = 250;
  const x = MARGIN + width - boxWidth;
  let y = ensure(doc, start, 100);
  const row = (
    label: string,
    value: string,
    options: { bold?: boolean; size?: number; colour?: string } = {},
  ) => {
    const size = options.size ?? 10;
    doc
      .font(options.bold ? BOLD : REGULAR)
      .fontSize(size)
      .fillColor(options.colour ?? COLOURS.text);
    doc.text(label, x, y, { width: boxWidth - AMOUNT_WIDTH - 10, lineBreak: false });
    doc.text(value, MARGIN + width - AMOUNT_WIDTH - 10, y, {
      width: AMOUNT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    y += size + 8;
  };
  row('Total (AUD)', invoice.total, { bold: true, size: 13, colour: COLOURS.total });
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(COLOURS.muted)
    .text(`Includes GST of ${invoice.gst}`, x, y - 4, {
      width: boxWidth - 10,
      align: 'right',
      lineBreak: false,
    });
  y += 12;
  doc
    .save()
    .moveTo(x, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(0.75)
    .strokeColor(COLOURS.rule)
    .stroke()
    .restore();
  y += 8;
  row('Amount paid', invoice.amountPaid);
  row('Balance due', invoice.balanceDue, { bold: true });
  doc.fillColor(COLOURS.text);
  return y;
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
