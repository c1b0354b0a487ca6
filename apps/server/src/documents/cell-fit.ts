/**
 * A table cell's text cut to its column's width (documents/table-report.ts): one line per row, always,
 * with an ellipsis where it was cut.
 */
const ELLIPSIS = '…';

/** A cell's text as drawn: cut to fit, and its width. */
interface FittedCell {
  text: string;
  width: number;
}

/**
 * Fits cells' texts to their columns (fit below), each text measured once per report and style: a report's
 * thousands of rows repeat a few hundred amounts and dates, and PDFKit measures a string by looking up
 * every pair of its letters for kerning, the largest share of a long report's time.
 */
export type Fitter = (measure: Measure, text: string, width: number) => FittedCell;

/** A text's width in the style being drawn. */
export type Measure = (text: string) => number;

export function fitter(): Fitter {
  // By column width, then text (no key string built for each of a report's tens of thousands of cells).
  const byWidth = new Map<number, Map<string, FittedCell>>();
  return (measure, text, width) => {
    let fitted = byWidth.get(width);
    if (!fitted) {
      fitted = new Map();
      byWidth.set(width, fitted);
    }
    let cell = fitted.get(text);
    if (!cell) {
      cell = fit(measure, text, width);
      fitted.set(text, cell);
    }
    return cell;
  };
}

/** Cuts a cell's text to its width, with an ellipsis: one line per row, always. Answers it and its width. */
function fit(measure: Measure, text: string, width: number): FittedCell {
  const full = measure(text);
  if (full <= width) return { text, width: full };
  let cut = text;
  while (cut.length > 0 && measure(`${cut}${ELLIPSIS}`) > width) cut = cut.slice(0, -1);
  const shown = `${cut.trimEnd()}${ELLIPSIS}`;
  return { text: shown, width: measure(shown) };
}
