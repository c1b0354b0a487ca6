/**
 * Printable list reports as PDF (currently parked cars, income owed): the business's header band, then
 * sections of rows under column headings, each section closed by its own total line, then the report's
 * summary. A cell is never cut: a text too wide for its column goes on over further lines of its row
 * (documents/cell-fit.ts). A section that runs over a page continues under a short header with its heading and
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
  /** A cell per column; a row is one line unless a cell needs more (cell-fit.ts). */
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
/** Each further line of a row whose cell runs over more than one. */
const LINE = 11;
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
  // The first page, and the rows' writer on it, come before the plan: the plan fits every cell (a row of
  // several lines is taller) with the measure the rows are drawn with, and the fitters keep each fit.
  doc.addPage();
  doc.font(REGULAR).fontSize(ROW_FONT_SIZE);
  const writer = rowWriter(doc, ROW_FONT_SIZE, { colour: COLOURS.rule, left: MARGIN }) ?? null;
  const fitters: Fitters = { row: fitter(), head: fitter(), writer };
  const measure: Measure = writer ? writer.width : (text) => doc.widthOfString(text);
  const heights = (section: TableSection) =>
    section.rows.map((row) => rowHeight(doc, report, row, fitters.row, measure));
  const pages: Pages = { total: plannedPages(doc, report, heights), count: 1 };
  footer(doc, report, business, pages.count, pages.total);
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
  for (const section of report.sections) {
    y = await drawSection(doc, report, business, section, y, pages, room, fitters, measure);
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
 * How many pages the report takes: the same steps as drawSection and drawSummary, without drawing (each
 * row's height from its cells' lines; the empty message is measured).
 */
function plannedPages(doc: Doc, report: TableReport, heights: (section: TableSection) => number[]): number {
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
    for (const height of heights(section)) {
      if (y + height > end) y = next() + 18 + HEAD + 3;
      y += height;
    }
    if (y + ROW + 4 > end) y = next();
    y += ROW + 12;
  }
  if (y + report.summary.length * 18 + 10 > end) pages += 1;
  doc.font(REGULAR).fontSize(ROW_FONT_SIZE);
  return pages;
}

/** A row's height: one line, and another for each further line its tallest cell needs. */
function rowHeight(doc: Doc, report: TableReport, row: readonly string[], fit: Fitter, measure: Measure) {
  const width = contentWidth(doc);
  let lines = 1;
  report.columns.forEach((column, index) => {
    lines = Math.max(lines, fit(measure, row[index] ?? '', column.width * width - CELL_PADDING * 2).length);
  });
  return ROW + (lines - 1) * LINE;
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
 * A row's cells, each fitted to its column (in lines one under another when it needs more than one) and
 * placed by its measured width (right-aligned ones end at the column's padding) rather than laid out by
 * PDFKit's line wrapper.
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
  return report.columns.flatMap((column, index) => {
    const columnWidth = column.width * width;
    const inner = columnWidth - CELL_PADDING * 2;
    const left = x + CELL_PADDING;
    x += columnWidth;
    return fitCell(measure, values[index] ?? '', inner).map((line, number): PlacedCell => ({
      text: line.text,
      x: left + (column.align === 'right' ? inner - line.width : 0),
      dy: number * LINE,
    }));
  });
}

/** A row of cells drawn with PDFKit's text() (the headings; the rows when rowWriter cannot). */
function cells(
  doc: Doc,
  report: TableReport,
  values: readonly string[],
  y: number,
  fitCell: Fitter,
  measure?: Measure,
) {
  for (const cell of placeCells(doc, report, values, fitCell, measure))
    if (cell.text) doc.text(cell.text, cell.x, y + (cell.dy ?? 0), { lineBreak: false });
}

/** The fitters of one report: its rows' style and its column headings' (each measures in its own font). */
interface Fitters {
  row: Fitter;
  head: Fitter;
  /**
   * The rows' writer (documents/pdf-rows.ts), made on the first page; null when PDFKit's font is not one
   * it writes for (the rows are then drawn with text()).
   */
  writer: RowWriter | null;
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
  measure: Measure,
): Promise<number> {
  // A heading never ends a page alone: it starts where at least one row fits under it.
  let y = start + 6 + 18 + HEAD + 3 + ROW > bottom(doc) ? nextPage(doc, report, business, pages) : start + 6;
  y = sectionHeading(doc, report, section.heading, y, fitters);
  for (const row of section.rows) {
    const height = rowHeight(doc, report, row, fitters.row, measure);
    if (y + height > bottom(doc)) {
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
    const writer = fitters.writer;
    if (writer) writer.row(placeCells(doc, report, row, fitters.row, writer.width), y + 3, y + height);
    else {
      cells(doc, report, row, y + 3, fitters.row, measure);
      rule(doc, y + height);
    }
    y += height;
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
