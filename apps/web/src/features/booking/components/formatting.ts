import { formatDateShort, formatTime12 } from '@parking/domain/dates';
import { formatAud, isMoney, parseMoney } from '@parking/domain/money';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** '2026-12-05' → 'Sat 5/12/2026' (the spec's D/M/YYYY, with the day a traveller thinks in). */
export function dayAndDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
  return `${weekday} ${formatDateShort(date)}`;
}

/** '06:20:00' → '6:20 am'; '' stays ''. */
export const time12 = (time: string) => (time ? formatTime12(time) : '');

/** '73.00' → '$73.00'. */
export function money(amount: string | null | undefined): string {
  return amount && isMoney(amount) ? formatAud(parseMoney(amount)) : '';
}

/** A quote's price without the .00 (spec §1): '73.00' → '$73'. */
export function quotePrice(amount: string): string {
  return isMoney(amount) ? formatAud(parseMoney(amount), { dropZeroCents: true }) : '';
}

/** '0.1' → '10%'. */
export const percent = (rate: string) => `${Math.round(Number(rate) * 10000) / 100}%`;
