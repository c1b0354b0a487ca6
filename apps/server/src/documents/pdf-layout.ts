/**
 * What every document of ours shares (PDFKit, A4): margins, colours, fonts, the header band with the
 * business, rules, and the buffer the pages are collected into. The invoices and the printable reports
 * look like one family because they draw with these.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { BusinessDetails } from './business';

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 48;
/** Room kept under the content for the footer (two lines and a rule). */
export const FOOTER = 36;
export const BAND = 104;
export const COLOURS = {
  band: '#12355b',
  bandText: '#ffffff',
  bandMuted: '#c9d8ea',
  text: '#1d2733',
  muted: '#5f6b7a',
  rule: '#d5dce4',
  tableHead: '#eef2f6',
  total: '#12355b',
};
/** The names documents draw with; createDocument registers the faces behind them. */
export const REGULAR = 'Body';
export const BOLD = 'Body-Bold';

/**
 * Noto Sans (Latin, Greek, Cyrillic, Vietnamese) embedded in the file, subset to the glyphs used: a
 * customer's name in any of those scripts prints as written. PDF's standard Helvetica knows only
 * Latin-1, so Олена or Σοφία came out as junk glyphs. Read once, on first use.
 */
const fontFile = createRequire(import.meta.url);
let unicodeFaces: { regular: Buffer; bold: Buffer } | undefined;
function unicodeFonts() {
  unicodeFaces ??= {
    regular: readFileSync(
      fontFile.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    ),
    bold: readFileSync(fontFile.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  };
  return unicodeFaces;
}

export interface DocumentOptions {
  /** Plain-text content streams (tests read them); compressed otherwise. */
  compress?: boolean;
  layout?: 'portrait' | 'landscape';
  title: string;
  business: BusinessDetails;
  /**
   * 'unicode' embeds Noto Sans (documents that print customers' names as they wrote them: invoices);
   * 'standard' keeps PDF's built-in Helvetica (the staff reports).
   */
  fonts?: 'unicode' | 'standard';
  /**
   * Keep every page until the end (default: a document that goes back to a page, e.g. to number them
   * "of N" once N is known); false writes each page out as the next one starts (a streamed report).
   */
  bufferPages?: boolean;
}

/** A4 with room for the footer, pages buffered so that footers can number them at the end. */
export function createDocument(options: DocumentOptions): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    compress: options.compress ?? true,
    bufferPages: options.bufferPages ?? true,
    autoFirstPage: false,
    info: { Title: options.title, Author: options.business.name, Creator: options.business.name },
    // No starting font: PDFKit would load Helvetica, and a name registered for a font already loaded is
    // never cached, so every doc.font(REGULAR) parsed Helvetica's metrics again (a 5,000-row report took
    // seconds instead of a tenth of that). The registered names below are the first fonts loaded.
    font: '',
  });
  const faces =
    options.fonts === 'unicode' ? unicodeFonts() : { regular: 'Helvetica', bold: 'Helvetica-Bold' };
  doc.registerFont(REGULAR, faces.regular);
  doc.registerFont(BOLD, faces.bold);
  doc.font(REGULAR);
  if (options.fonts !== 'unicode') {
    rememberWidths(doc);
    doc.font(BOLD);
    rememberWidths(doc);
    doc.font(REGULAR);
  }
  return doc;
}

/**
 * The current font (a standard one) remembers the width of each string it has measured, for this document.
 * PDFKit measures a string afresh at every call, looking up each pair of its letters for kerning, and it
 * measures every piece of text it draws once more to move past it: a report of thousands of rows spent a
 * fifth of its time there. The same string in the same font and size is as wide every time. Nothing is
 * changed when the font is not shaped as expected (another PDFKit version): it then measures as before.
 */
function rememberWidths(doc: Doc): void {
  const font: unknown = Reflect.get(doc, '_font');
  if (typeof font !== 'object' || font === null) return;
  const measure: unknown = Reflect.get(font, 'widthOfString');
  if (typeof measure !== 'function') return;
  const widths = new Map<string, number>();
  const remembered = (text: unknown, size: unknown, features: unknown): unknown => {
    if (typeof text !== 'string' || typeof size !== 'number' || features !== undefined)
      return Reflect.apply(measure, font, [text, size, features]);
    const key = `${size}\u0000${text}`;
    const known = widths.get(key);
    if (known !== undefined) return known;
    const width: unknown = Reflect.apply(measure, font, [text, size]);
    if (typeof width === 'number') widths.set(key, width);
    return width;
  };
  Reflect.set(font, 'widthOfString', remembered);
}

/** The whole document once it has ended. */
export function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
export const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

export function rule(doc: Doc, y: number, colour = COLOURS.rule) {
  doc
    .save()
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.75)
    .strokeColor(colour)
    .stroke()
    .restore();
}

const TITLE_WIDTH = 200;

/** The first page's header band: the business on the left, the document's title on the right. */
export function band(doc: Doc, business: BusinessDetails, title: string, subtitle: string) {
  const width = doc.page.width;
  doc.save().rect(0, 0, width, BAND).fill(COLOURS.band).restore();
  doc
    .fillColor(COLOURS.bandText)
    .font(BOLD)
    .fontSize(20)
    .text(business.name, MARGIN, 30, { width: width * 0.55, lineBreak: false });
  const contact = [
    business.address.join(', '),
    `Phone ${business.phone}  |  ${business.email}`,
    business.abn ? `ABN ${business.abn}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  doc
    .fillColor(COLOURS.bandMuted)
    .font(REGULAR)
    .fontSize(9)
    .text(contact, MARGIN, 58, { width: width * 0.55, lineGap: 2 });
  const right = width - MARGIN - TITLE_WIDTH;
  // A long title ("Currently parked cars") is set smaller rather than run into the business's name.
  const heading = title.toUpperCase();
  let size = 22;
  doc.font(BOLD);
  while (size > 12 && doc.fontSize(size).widthOfString(heading) > TITLE_WIDTH) size -= 1;
  doc
    .fillColor(COLOURS.bandText)
    .fontSize(size)
    .text(heading, right, 28 + (22 - size) / 2, { width: TITLE_WIDTH, align: 'right', lineBreak: false });
  if (subtitle)
    doc
      .fillColor(COLOURS.bandMuted)
      .font(REGULAR)
      .fontSize(10)
      .text(subtitle, right, 58, { width: TITLE_WIDTH, align: 'right' });
  doc.fillColor(COLOURS.text);
}

/** Writes inside the bottom margin (footers) without PDFKit starting a new page for it. */
export function inBottomMargin(doc: Doc, draw: () => void) {
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  draw();
  doc.page.margins.bottom = margin;
}
