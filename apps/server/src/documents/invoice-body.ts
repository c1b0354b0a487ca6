/**
 * One invoice drawn on the page: the header band, who is billed and the invoice's details, the booking, the
 * charges table (its header repeated on a new page) with right-aligned amounts, the totals with GST, the payment
 * and the public notes. A section that does not fit starts a new page (invoice.ts adds its continuation header).
 */
import { invoiceTitle, type BusinessDetails } from './business';
import type { InvoiceModel } from './invoice-data';
import {
  BAND,
  BOLD,
  band,
  bottom,
  COLOURS,
  contentWidth,
  MARGIN,
  REGULAR,
  rule,
  type Doc,
} from './pdf-layout';

/** Starts a new page unless `height` more points fit on this one; answers the y to draw at. */
function ensure(doc: Doc, y: number, height: number): number {
  if (y + height <= bottom(doc)) return y;
  doc.addPage();
  return doc.y;
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

/** Draws `invoice` from the top of the page it starts on, over further pages when it runs long. */
export function drawInvoice(doc: Doc, invoice: InvoiceModel, business: BusinessDetails) {
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
