/**
 * Printable list reports as PDF (currently parked cars, income owed): the business's header band, then
 * sections of one-line rows under column headings, each section closed by its own total line, then the
 * report's summary. A section that runs over a page continues under a short header with its heading and
 * the column headings repeated; every page is numbered.
 */
import { Readable } from 'node:stream';
import type { BusinessDetails } from './business';
import {
  BAND,
  BOLD,
  band,
  bottom,
  COLOURS,
  contentWidth,
  FOOTER,
  createDocument,
  inBottomMargin,
  MARGIN,
  REGULAR,
  rule,
  type Doc,
} from './pdf-layout';
import { fitter, type Fitter, type Measure } from './cell-fit';
import { rowWriter, type PlacedCell, type RowWriter } from './pdf-rows';

interface TableColumn {
  header: string;
  /** Share of the content width; the shares of a report's columns add up to 1. */
  width: number;
  align?: 'left' | 'right';
}

interface TableSection {
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
const ROW_FONT_SIZE = 9;
const HEAD = 18;
const CELL_PADDING = 4;

/** The whole report as one buffer (the tests; a caller that needs it whole). */
export function renderTableReportPdf(report: TableReport, options: TableRenderOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    tableReportPdfStream(report, options)
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

/**
 * The report written as a stream: each page leaves memory as the next one starts (its footer, "Page n of
 * N", is drawn first, N worked out from the layout before drawing), and drawing waits while the reader has
 * not taken what was written (backpressure), so a report of any length never sits whole in memory.
 */
export function tableReportPdfStream(report: TableReport, options: TableRenderOptions): Readable {
  let wanted = true;
  let closed = false;
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  const out = new Readable({
    highWaterMark: 64 * 1024,
    read() {
      wanted = true;
      resume();
    },
  });
  out.on('close', () => {
    closed = true;
    resume();
  });
  const doc = createDocument({
    compress: options.compress ?? true,
    business: options.business,
    title: report.title,
    layout: report.layout,
    bufferPages: false,
  });
  doc.on('data', (chunk: Buffer) => {
    if (!out.push(chunk)) wanted = false;
  });
  doc.on('end', () => out.push(null));
  doc.on('error', (error: Error) => out.destroy(error));
  const room = async (): Promise<boolean> => {
    // The page just written reaches the reader (the document's 'data' events) before drawing goes on.
    await new Promise((resolve) => setImmediate(resolve));
    while (!wanted && !closed) await new Promise<void>((resolve) => (wake = resolve));
    return !closed;
  };
  draw(doc, report, options.business, room).catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}

interface Pages {
  /** The report's page count, worked out before drawing (plannedPages). */
  total: number;
  /** Pages begun so far. */
  count: number;
}

async function draw(
  doc: Doc,
  report: TableReport,
  business: BusinessDetails,
  room: () => Promise<boolean>,
): Promise<void> {
  const pages: Pages = { total: plannedPages(doc, report), count: 0 };
  newPage(doc, report, business, pages);
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
  const fitters: Fitters = { row: fitter(), head: fitter() };
  for (const section of report.sections) {
    y = await drawSection(doc, report, business, section, y, pages, room, fitters);
    if (y < 0) return;
  }
  drawSummary(doc, report, business, y, pages);
  doc.end();
}

/** Begins a page with its footer: "Page n of N" is known before the page's content. */
function newPage(doc: Doc, report: TableReport, business: BusinessDetails, pages: Pages) {
  doc.addPage();
  pages.count += 1;
  footer(doc, report, business, pages.count, pages.total);
}

/**
 * How many pages the report takes: the same steps as drawSection and drawSummary, without drawing (the
 * rows are one line each and every height is fixed; the empty message is measured).
 */
function plannedPages(doc: Doc, report: TableReport): number {
  const size =
    report.layout === 'landscape' ? { width: 841.89, height: 595.28 } : { width: 595.28, height: 841.89 };
  const end = size.height - (MARGIN + FOOTER);
  const width = size.width - MARGIN * 2;
  let pages = 1;
  const next = () => {
    pages += 1;
    return MARGIN - 14 + 28;
  };
  let y = BAND + 20;
  if (report.sections.length === 0)
    y += doc.font(REGULAR).fontSize(11).heightOfString(report.emptyMessage, { width }) + 12;
  for (const section of report.sections) {
    y = y + 6 + 18 + HEAD + 3 + ROW > end ? next() : y + 6;
    y += 18 + HEAD + 3;
    for (let row = 0; row < section.rows.length; row += 1) {
      if (y + ROW > end) y = next() + 18 + HEAD + 3;
      y += ROW;
    }
    if (y + ROW + 4 > end) y = next();
    y += ROW + 12;
  }
  if (y + report.summary.length * 18 + 10 > end) pages += 1;
  return pages;
}

/** A new page under the short header; answers the y to draw at. */
function nextPage(doc: Doc, report: TableReport, business: BusinessDetails, pages: Pages): number {
  newPage(doc, report, business, pages);
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

/**
 * One line of cells, each cut to its column and placed by its measured width (right-aligned ones end at
 * the column's padding) rather than laid out by PDFKit's line wrapper.
 */
function placeCells(
  doc: Doc,
  report: TableReport,
  values: readonly string[],
  fitCell: Fitter,
  measure: Measure = (text) => doc.widthOfString(text),
): PlacedCell[] {
  const width = contentWidth(doc);
  let x = MARGIN;
  return report.columns.map((column, index) => {
    const columnWidth = column.width * width;
    const inner = columnWidth - CELL_PADDING * 2;
    const cell = fitCell(measure, values[index] ?? '', inner);
    const placed = {
      text: cell.text,
      x: x + CELL_PADDING + (column.align === 'right' ? inner - cell.width : 0),
    };
    x += columnWidth;
    return placed;
  });
}

/** One line of cells drawn with PDFKit's text() (the headings; the rows when rowWriter cannot). */
function cells(doc: Doc, report: TableReport, values: readonly string[], y: number, fitCell: Fitter) {
  for (const cell of placeCells(doc, report, values, fitCell))
    if (cell.text) doc.text(cell.text, cell.x, y, { lineBreak: false });
}

/** The fitters of one report: its rows' style and its column headings' (each measures in its own font). */
interface Fitters {
  row: Fitter;
  head: Fitter;
  /**
   * The rows' writer (documents/pdf-rows.ts), made at the first row; null when PDFKit's font is not one
   * it writes for (the rows are then drawn with text()).
   */
  writer?: RowWriter | null;
}

function sectionHeading(doc: Doc, report: TableReport, heading: string, y: number, fitters: Fitters): number {
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
    fitters.head,
  );
  // The rows' style, set once for the rows under the heading (a rule between them restores it).
  doc.font(REGULAR).fontSize(ROW_FONT_SIZE).fillColor(COLOURS.text);
  return y + HEAD + 3;
}

/** Draws a section; answers the y after it, or -1 when the reader has gone. */
async function drawSection(
  doc: Doc,
  report: TableReport,
  business: BusinessDetails,
  section: TableSection,
  start: number,
  pages: Pages,
  room: () => Promise<boolean>,
  fitters: Fitters,
): Promise<number> {
  // A heading never ends a page alone: it starts where at least one row fits under it.
  let y = start + 6 + 18 + HEAD + 3 + ROW > bottom(doc) ? nextPage(doc, report, business, pages) : start + 6;
  y = sectionHeading(doc, report, section.heading, y, fitters);
  for (const row of section.rows) {
    if (y + ROW > bottom(doc)) {
      fitters.writer?.flush();
      // A page is done: wait until the reader has taken what was written before drawing more.
      if (!(await room())) return -1;
      y = sectionHeading(
        doc,
        report,
        `${section.heading} (continued)`,
        nextPage(doc, report, business, pages),
        fitters,
      );
    }
    if (fitters.writer === undefined)
      fitters.writer = rowWriter(doc, ROW_FONT_SIZE, { colour: COLOURS.rule, left: MARGIN }) ?? null;
    const writer = fitters.writer;
    if (writer) writer.row(placeCells(doc, report, row, fitters.row, writer.width), y + 3, y + ROW);
    else {
      cells(doc, report, row, y + 3, fitters.row);
      rule(doc, y + ROW);
    }
    y += ROW;
  }
  fitters.writer?.flush();
  if (y + ROW + 4 > bottom(doc)) y = nextPage(doc, report, business, pages);
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

function drawSummary(doc: Doc, report: TableReport, business: BusinessDetails, start: number, pages: Pages) {
  const height = report.summary.length * 18 + 10;
  let y = start + height > bottom(doc) ? nextPage(doc, report, business, pages) : start;
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

/** A page's footer: the business, the report, and "Page n of N". */
function footer(doc: Doc, report: TableReport, business: BusinessDetails, page: number, total: number) {
  inBottomMargin(doc, () => {
    const y = doc.page.height - MARGIN - 10;
    rule(doc, y - 10);
    doc.font(REGULAR).fontSize(8).fillColor(COLOURS.muted);
    doc.text(`${business.name}  |  ${report.title}  |  ${report.subtitle}`, MARGIN, y, {
      width: contentWidth(doc) - 90,
      lineBreak: false,
    });
    doc.text(`Page ${page} of ${total}`, doc.page.width - MARGIN - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
  });
}
