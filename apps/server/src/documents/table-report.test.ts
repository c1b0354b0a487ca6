/**
 * Issue 26: the printed list reports are written as streams. Each page's "Page n of N" is drawn before its
 * content, N worked out from the layout first: it must be the page count a PDF reader finds, for reports
 * of every shape (a page boundary inside a section, at its total, at the summary; empty; landscape). And
 * the stream is written as it is read: a reader that stops taking it stops the drawing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BusinessDetails } from './business';
import { renderTableReportPdf, tableReportPdfStream, type TableReport } from './table-report';

const business: BusinessDetails = {
  name: 'Airport Parking',
  address: ['1 Runway Road', 'Cambridge TAS 7170'],
  phone: '03 6200 0000',
  email: 'hello@example.com',
  abn: '51 824 753 556',
};

/** A name that needs three lines of its column (a row three lines tall). */
const LONG_NAME = `Traveller ${'Wolfgang-Maximilian Montgomery-Fitzwilliams '.repeat(3)}`.trim();

function report(
  sections: number[],
  layout: TableReport['layout'] = 'portrait',
  summary = 2,
  longEvery = 0,
): TableReport {
  return {
    title: 'Income owed',
    subtitle: 'As at Fri 27/11/2026, 9:00 am',
    layout,
    columns: [
      { header: 'Code', width: 0.2 },
      { header: 'Name', width: 0.5 },
      { header: 'Owing', width: 0.3, align: 'right' },
    ],
    sections: sections.map((rows, index) => ({
      heading: `Section ${index + 1}`,
      rows: Array.from({ length: rows }, (_, row) => [
        `B${index}-${row}`,
        longEvery && row % longEvery === 0 ? LONG_NAME : `Traveller ${row}`,
        '$10.00',
      ]),
      total: `${rows} bookings`,
    })),
    summary: Array.from({ length: summary }, (_, index): [string, string] => [`Line ${index}`, '$0.00']),
    emptyMessage: 'Nothing is owed.',
  };
}

/** Each page's text as poppler's pdftotext reads it (an independent reader of the file). */
function pagesText(pdf: Buffer): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'table-report-')), 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

describe('table reports written as streams', () => {
  it('numbers every page "n of N" with the page count the file has, whatever the report’s shape', async () => {
    const shapes: Array<[number[], TableReport['layout'], number?, number?]> = [
      [[], 'portrait'],
      [[3], 'portrait'],
      [[45], 'portrait'],
      [[46], 'portrait'],
      [[47], 'portrait'],
      [[48], 'portrait'],
      [[44, 1], 'portrait'],
      [[40, 40, 40], 'portrait'],
      [[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 'portrait'],
      [[120], 'landscape'],
      [[23, 2], 'landscape'],
      [[44], 'portrait', 12],
      [[300, 7, 0], 'landscape', 3],
      // Rows of several lines (a cell too wide for its column goes on below, never cut).
      [[40], 'portrait', 2, 5],
      [[38, 9], 'portrait', 2, 3],
      [[90], 'landscape', 2, 4],
    ];
    const counts = new Set<number>();
    for (const [sections, layout, summary, longEvery] of shapes) {
      // Sizes around a page's capacity too: each shape from one row short to one row over.
      for (const extra of [-1, 0, 1]) {
        const shaped = sections.map((rows, index) => (index === 0 ? Math.max(0, rows + extra) : rows));
        const pages = pagesText(
          await renderTableReportPdf(report(shaped, layout, summary, longEvery), { business }),
        );
        counts.add(pages.length);
        pages.forEach((page, index) => {
          expect(page, `${JSON.stringify(shaped)} ${layout}`).toContain(
            `Page ${index + 1} of ${pages.length}`,
          );
        });
      }
    }
    expect(counts.size).toBeGreaterThan(3);
  });

  it('draws as the reader takes it: a reader that stops leaves the rest undrawn', async () => {
    const big = report([8000], 'portrait');
    const stream = tableReportPdfStream(big, { business });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nobody reads: what waits is the stream's buffer and a page or so, not the document.
    const waiting = stream.readableLength;
    let total = 0;
    let chunks = 0;
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      chunks += 1;
    }
    expect(waiting).toBeGreaterThan(0);
    expect(waiting).toBeLessThan(total / 3);
    expect(chunks).toBeGreaterThan(10);
    // The same document as the one rendered whole.
    const whole = await renderTableReportPdf(big, { business });
    expect(total).toBe(whole.length);
  });
});
