/**
 * Money is carried as integer cents and exchanged as decimal strings with two places ("123.50").
 * Floating point never touches a price.
 */
export type Cents = number;

const DECIMAL = /^-?\d+(\.\d{1,2})?$/;

export function parseMoney(value: string): Cents {
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) throw new RangeError(`Not a money amount: ${value}`);
  const negative = trimmed.startsWith('-');
  const [whole = '0', fraction = ''] = trimmed.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

export function isMoney(value: string): boolean {
  return DECIMAL.test(value.trim());
}

export function formatMoney(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

const audFormatter = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** "$1,234.50"; with `dropZeroCents` (quotes) whole amounts lose their ".00". */
export function formatAud(cents: Cents, options: { dropZeroCents?: boolean } = {}): string {
  const text = audFormatter.format(cents / 100);
  return options.dropZeroCents && cents % 100 === 0 ? text.replace(/\.00$/, '') : text;
}
