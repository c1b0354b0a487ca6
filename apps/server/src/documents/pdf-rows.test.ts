/**
 * Issue 26: the table reports' rows are written as content operators (pdf-rows.ts) rather than by PDFKit's
 * text(). The page must be the one text() and rule() draw: the same pixels and the same text to a reader.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BusinessDetails } from './business';
import { collect, COLOURS, createDocument, MARGIN, REGULAR, rule, type Doc } from './pdf-layout';
import { rowWriter, type PlacedCell } from './pdf-rows';

const business: BusinessDetails = {
  name: 'Airport Parking',
  address: ['1 Runway Road', 'Cambridge TAS 7170'],
  phone: '03 6200 0000',
  email: 'hello@example.com',
  abn: '51 824 753 556',
};

/** Kerned pairs (AV, To, Wa, y.), Latin-1 letters, a non-Latin-1 name, an empty cell, repeats. */
const ROWS: string[][] = [
  ['R00AVAWA', 'Tomás Wayne-Yoñez', '0400 111 222', '2/02/2024', '$1,234.50'],
  ['R00TOYVA', 'Zoë LaVerne', '', 'Not set', '$0.00'],
  ['R00AVAWA', 'Олена Коваль', '0400 111 222', '2/02/2024', '$1,234.50'],
  ['R0000001', "Fiona O'Flynn Jr.", '+61 3 6200 0000', '28/11/2026', '$17.05'],
];
const COLUMN_X = [MARGIN + 4, 140, 300, 390, 480];

const newDocument = () => createDocument({ compress: false, business, title: 'Rows', bufferPages: false });

/** Each page as a greyscale bitmap (poppler's pdftoppm) and as text (pdftotext). */
function read(pdf: Buffer): { bitmaps: Buffer[]; text: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-rows-'));
  const file = join(dir, 'rows.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '100', '-gray', file, join(dir, 'page')]);
  const bitmaps = readdirSync(dir)
    .filter((name) => name.endsWith('.pgm'))
    .sort()
    .map((name) => readFileSync(join(dir, name)));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1);
  return { bitmaps, text };
}

/** The rows' style, as table-report.ts sets it under a section heading. */
const rowStyle = (doc: Doc) => doc.font(REGULAR).fontSize(9).fillColor(COLOURS.text);

function placed(doc: Doc, values: readonly string[], measure: (text: string) => number): PlacedCell[] {
  return values.map((text, index) => {
    const x = COLUMN_X[index] ?? 0;
    // The last column right-aligned, as the reports' amounts are.
    return { text, x: index === values.length - 1 ? 560 - measure(text) : x };
  });
}

describe('rows written as content operators', () => {
  it('draws the page text() and rule() draw, and measures text as widthOfString does', async () => {
    const doc = newDocument();
    const pdf = collect(doc);
    // Page 1 by PDFKit's text() and rule(), page 2 by the writer, the same rows at the same places.
    doc.addPage();
    rowStyle(doc);
    let y = 100;
    for (const row of ROWS) {
      for (const cell of placed(doc, row, (text) => doc.widthOfString(text)))
        if (cell.text) doc.text(cell.text, cell.x, y + 3, { lineBreak: false });
      rule(doc, y + 15);
      y += 15;
    }
    doc.addPage();
    rowStyle(doc);
    const writer = rowWriter(doc, 9, { colour: COLOURS.rule, left: MARGIN });
    if (!writer) throw new Error('PDFKit’s standard font is not one the writer knows');
    for (const row of ROWS)
      for (const text of row) expect(writer.width(text)).toBeCloseTo(doc.widthOfString(text), 9);
    y = 100;
    for (const row of ROWS) {
      writer.row(placed(doc, row, writer.width), y + 3, y + 15);
      y += 15;
    }
    writer.flush();
    doc.end();
    const { bitmaps, text } = read(await pdf);
    expect(bitmaps).toHaveLength(2);
    expect(text[1]).toBe(text[0]);
    expect(text[1]).toContain('Tomás Wayne-Yoñez');
    expect(bitmaps[1]?.equals(bitmaps[0] ?? Buffer.alloc(0))).toBe(true);
  });

  it('lists the rows’ font on every page it writes on', async () => {
    const doc = newDocument();
    const pdf = collect(doc);
    doc.addPage();
    rowStyle(doc);
    const writer = rowWriter(doc, 9, { colour: COLOURS.rule, left: MARGIN });
    if (!writer) throw new Error('no writer');
    // Page 2 has no other text: only the writer can have listed the font there.
    writer.row([{ text: 'First page', x: MARGIN }], 100, 115);
    writer.flush();
    doc.addPage();
    writer.row([{ text: 'Second page', x: MARGIN }], 100, 115);
    writer.flush();
    doc.end();
    const { text } = read(await pdf);
    expect(text.map((page) => page.trim())).toEqual(['First page', 'Second page']);
  });
});
