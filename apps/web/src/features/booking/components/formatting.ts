import { formatAud, isMoney, parseMoney } from '@parking/domain/money';

/** '73.00' → '$73.00'. */
export function money(amount: string | null | undefined): string {
  return amount && isMoney(amount) ? formatAud(parseMoney(amount)) : '';
}

/** A quote's price without the .00 (public-site §1): '73.00' → '$73'. */
export function quotePrice(amount: string): string {
  return isMoney(amount) ? formatAud(parseMoney(amount), { dropZeroCents: true }) : '';
}

/** '0.1' → '10%'. */
export const percent = (rate: string) => `${Math.round(Number(rate) * 10000) / 100}%`;
