/** How the public site shows dates, times and money (public-site §9): D/M/YYYY, h:mm am, en-AU AUD. */
import { businessDate, DEFAULT_TIME_ZONE, formatDateShort, formatTime12 } from '@parking/domain/dates';
import { formatAud, isMoney, parseMoney } from '@parking/domain/money';

/** The business's time zone: a booking's 6 am drop-off is 6 am at the car park, wherever the browser is. */
export const BUSINESS_TIME_ZONE = DEFAULT_TIME_ZONE;

const timeParts = new Intl.DateTimeFormat('en-AU', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-12-08T20:00:00Z' → '9/12/2026' (the business day). */
export function formatDate(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? formatDateShort(businessDate(date, BUSINESS_TIME_ZONE)) : '';
}

/** '2026-12-08T20:00:00Z' → '7:00 am' (business time). */
export function formatTimeOfInstant(iso: string | null | undefined): string {
  const date = toDate(iso);
  if (!date) return '';
  const parts = Object.fromEntries(timeParts.formatToParts(date).map((part) => [part.type, part.value]));
  return formatTime12(`${parts.hour ?? '00'}:${parts.minute ?? '00'}`);
}

/** '9/12/2026, 7:00 am'. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = formatDate(iso);
  return date ? `${date}, ${formatTimeOfInstant(iso)}` : '';
}

/** '72.00' → '$72.00'; anything that is not an amount shows as given. */
export function formatMoneyText(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || !isMoney(amount)) return amount ?? '';
  return formatAud(parseMoney(amount));
}

/** '0.1' → '10%'. */
export function formatRate(rate: string | null | undefined): string {
  const value = Number(rate);
  return Number.isFinite(value) ? `${Math.round(value * 10000) / 100}%` : '';
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** '2026-12-05' → 'Sat' (a calendar date's weekday: no time zone is involved). */
export const shortWeekday = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';

/** '2026-12-05' → 'Sat 5/12/2026' (the spec's D/M/YYYY, with the day a traveller thinks in). */
export function dayAndDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  return `${shortWeekday(date)} ${formatDateShort(date)}`;
}

/** '06:20:00' → '6:20 am'; '' stays ''. */
export const time12 = (time: string) => (time ? formatTime12(time) : '');
