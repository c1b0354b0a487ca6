/**
 * A table cell's text fitted to its column's width (documents/table-report.ts): never cut, so that no
 * booking code, name or phone is lost from a printed report ("M8DGCY…" could not be looked up). A text too
 * wide for its column goes on over further lines, broken between words (after a space or a hyphen); only a
 * single word wider than the whole column is broken between its letters.
 */

/** One line of a cell as drawn, and its width. */
interface FittedLine {
  text: string;
  width: number;
}

/**
 * Fits cells' texts to their columns (fit below), each text measured once per report and style: a report's
 * thousands of rows repeat a few hundred amounts and dates, and PDFKit measures a string by looking up
 * every pair of its letters for kerning, the largest share of a long report's time.
 */
export type Fitter = (measure: Measure, text: string, width: number) => readonly FittedLine[];

/** A text's width in the style being drawn. */
export type Measure = (text: string) => number;

export function fitter(): Fitter {
  // By column width, then text (no key string built for each of a report's tens of thousands of cells).
  const byWidth = new Map<number, Map<string, readonly FittedLine[]>>();
  return (measure, text, width) => {
    let fitted = byWidth.get(width);
    if (!fitted) {
      fitted = new Map();
      byWidth.set(width, fitted);
    }
    let lines = fitted.get(text);
    if (!lines) {
      lines = fit(measure, text, width);
      fitted.set(text, lines);
    }
    return lines;
  };
}

/** The pieces a line may break after: each word with the space or hyphen that ends it. */
const pieces = (text: string) => text.match(/[^\s-]*(?:-|\s+|$)/g)?.filter(Boolean) ?? [text];

/** The longest start of `word` (at least one letter) that fits `width`. */
function longestStart(measure: Measure, word: string, width: number): string {
  let end = word.length;
  while (end > 1 && measure(word.slice(0, end)) > width) end -= 1;
  return word.slice(0, end);
}

/** A cell's text in as many lines as its width needs (one when it fits, as nearly all do). */
function fit(measure: Measure, text: string, width: number): readonly FittedLine[] {
  const full = measure(text);
  if (full <= width) return [{ text, width: full }];
  const lines: string[] = [];
  let line = '';
  const queue = pieces(text);
  for (let piece = queue.shift(); piece !== undefined; piece = queue.shift()) {
    const joined = line + piece;
    if (measure(joined.trimEnd()) <= width) {
      line = joined;
      continue;
    }
    if (line) {
      // The piece starts the next line.
      lines.push(line);
      line = '';
      queue.unshift(piece.trimStart());
      continue;
    }
    // A word wider than the column by itself: as much of it as fits, the rest on the next line.
    const start = longestStart(measure, piece, width);
    lines.push(start);
    queue.unshift(piece.slice(start.length));
  }
  if (line.trim()) lines.push(line);
  return lines.map((shown) => {
    const trimmed = shown.trim();
    return { text: trimmed, width: measure(trimmed) };
  });
}
