/** The text a PDF shows, as poppler's pdftotext reads it: an independent reader that maps embedded fonts' glyphs back to Unicode. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(folder, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
