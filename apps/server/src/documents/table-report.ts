/**
 * Printable list reports as PDF (currently parked cars, income owed): the business's header band, then
 * sections of one-line rows under column headings, each section closed by its own total line, then the
 * report's summary. A section that runs over a page continues under a short header with its heading and
 * the column headings repeated; every page is numbered.
 */
import type { BusinessDetails } from './business';
import {
  BAND,
  BOLD,
  band,
  bottom,
  collect,
  COLOURS,
  contentWidth,
  createDocument,
  inBottomMargin,
  MARGIN,
  REGULAR,
  rule,
  type Doc,
} from './pdf-layout';

export interface TableColumn {
  header: string;
  /** Share of the content width; the shares of a report's columns add up to 1. */
  width: number;
  align?: 'left' | 'right';
}

export interface TableSection {
  heading: string;
  /** One line each: a cell per column, cut to the column's width. */
  rows: string[][];
  /** Printed under the rows, right-aligned ("12 cars"). */
  total: string;
}

export interface TableReport {
  title: string;
  /** Under the title in the band ("As at Sat 21/11/2026, 9:00 am"). */
  subtitle: string;
  layout: 'portrait' | 'landscape';
  columns: TableColumn[];
  sections: TableSection[];
  /** The closing lines: label and value. */
  summary: Array<[string, string]>;
  /** Printed instead of the sections when there is none. */
  emptyMessage: string;
}

export interface TableRenderOptions {
  /** Plain-text content streams (tests read them); compressed otherwise. */
  compress?: boolean;
  /** Who issues it (config.business, the one source). */
  business: BusinessDetails;
}

const ROW = 15;
const HEAD = 18;
const CELL_PADDING = 4;
const ELLIPSIS = '…';

export async function renderTableReportPdf(
  report: TableReport,
  options: TableRenderOptions,
): Promise<Buffer> {
  const business = options.business;
  const doc = createDocument({
    compress: options.compress ?? true,
    business,
    title: report.title,
    layout: report.layout,
  });
  const done = collect(doc);
  doc.addPage();
  band(doc, business, report.title, report.subtitle);
  let y = BAND + 20;

  if (report.sections.length === 0) {
    doc
      .font(REGULAR)
      .fontSize(11)
      .fillColor(COLOURS.text)
      .text(report.emptyMessage, MARGIN, y, { width: contentWidth(doc) });
    y = doc.y + 12;
  }
  for (const section of report.sections) y = drawSection(doc, report, business, section, y);
  drawSummary(doc, report, business, y);
  footers(doc, report, business);
  doc.end();
  return done;
}

/** A new page under the short header; answers the y to draw at. */
function nextPage(doc: Doc, report: TableReport, business: BusinessDetails): number {
  doc.addPage();
  const y = MARGIN - 14;
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor(COLOURS.muted)
    .text(`${business.name}  |  ${report.title} (continued)`, MARGIN, y, {
      width: contentWidth(doc),
      lineBreak: false,
    });
  rule(doc, y + 16);
  return y + 28;
}

/** Cuts a cell's text to its width, with an ellipsis: one line per row, always. Answers it and its width. */
function fit(doc: Doc, text: string, width: number): { text: string; width: number } {
  const full = doc.widthOfString(text);
  if (full <= width) return { text, width: full };
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}${ELLIPSIS}`) > width) cut = cut.slice(0, -1);
  const shown = `${cut.trimEnd()}${ELLIPSIS}`;
  return { text: shown, width: doc.widthOfString(shown) };
}

/**
 * One line of cells. Each is placed by its measured width rather than laid out by PDFKit's line
 * wrapper: a report of thousands of rows spends most of its time there otherwise.
 */
function cells(doc: Doc, report: TableReport, values: readonly string[], y: number) {
  const width = contentWidth(doc);
  let x = MARGIN;
  report.columns.forEach((column, index) => {
    const columnWidth = column.width * width;
    const inner = columnWidth - CELL_PADDING * 2;
    const cell = fit(doc, values[index] ?? '', inner);
    if (cell.text)
      doc.text(cell.text, x + CELL_PADDING + (column.align === 'right' ? inner - cell.width : 0), y, {
        lineBreak: false,
      });
    x += columnWidth;
  });
}

function sectionHeading(doc: Doc, report: TableReport, heading: string, y: number): number {
  doc
    .font(BOLD)
    .fontSize(12)
    .fillColor(COLOURS.total)
    .text(heading, MARGIN, y, { width: contentWidth(doc), lineBreak: false });
  y += 18;
  doc.save().rect(MARGIN, y, contentWidth(doc), HEAD).fill(COLOURS.tableHead).restore();
  doc.font(BOLD).fontSize(8).fillColor(COLOURS.muted);
  cells(
    doc,
    report,
    report.columns.map((column) => column.header.toUpperCase()),
    y + 5,
  );
  return y + HEAD + 3;
}

function drawSection(
  doc: Doc,
  report: TableReport,
  business: BusinessDetails,
  section: TableSection,
  start: number,
): number {
  // A heading never ends a page alone: it starts where at least one row fits under it.
  let y = start + 6 + 18 + HEAD + 3 + ROW > bottom(doc) ? nextPage(doc, report, business) : start + 6;
  y = sectionHeading(doc, report, section.heading, y);
  for (const row of section.rows) {
    if (y + ROW > bottom(doc))
      y = sectionHeading(doc, report, `${section.heading} (continued)`, nextPage(doc, report, business));
    doc.font(REGULAR).fontSize(9).fillColor(COLOURS.text);
    cells(doc, report, row, y + 3);
    y += ROW;
    rule(doc, y);
  }
  if (y + ROW + 4 > bottom(doc)) y = nextPage(doc, report, business);
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor(COLOURS.text)
    .text(section.total, MARGIN, y + 5, {
      width: contentWidth(doc) - CELL_PADDING,
      align: 'right',
      lineBreak: false,
    });
  return y + ROW + 12;
}

function drawSummary(doc: Doc, report: TableReport, business: BusinessDetails, start: number) {
  const height = report.summary.length * 18 + 10;
  let y = start + height > bottom(doc) ? nextPage(doc, report, business) : start;
  rule(doc, y, COLOURS.total);
  y += 8;
  const width = contentWidth(doc);
  for (const [label, value] of report.summary) {
    doc.font(BOLD).fontSize(12).fillColor(COLOURS.total);
    doc.text(label, MARGIN, y, { width: width - 160, lineBreak: false });
    doc.text(value, MARGIN + width - 160, y, { width: 160 - CELL_PADDING, align: 'right', lineBreak: false });
    y += 18;
  }
  doc.fillColor(COLOURS.text);
}

function footers(doc: Doc, report: TableReport, business: BusinessDetails) {
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    inBottomMargin(doc, () => {
      const y = doc.page.height - MARGIN - 10;
      rule(doc, y - 10);
      doc.font(REGULAR).fontSize(8).fillColor(COLOURS.muted);
      doc.text(`${business.name}  |  ${report.title}  |  ${report.subtitle}`, MARGIN, y, {
        width: contentWidth(doc) - 90,
        lineBreak: false,
      });
      doc.text(`Page ${page - range.start + 1} of ${range.count}`, doc.page.width - MARGIN - 90, y, {
        width: 90,
        align: 'right',
        lineBreak: false,
      });
    });
  }
}
