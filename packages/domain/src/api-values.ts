/**
 * The API's value formats (architecture.md), shared by whatever presents a value (serializers, reports, invoices,
 * the services' answers): ISO datetimes, money with two places, fractions trimmed, ids as the API reads them.
 */
import { formatAud, parseMoney } from './money';

/** The largest value of a database id (Postgres int4). */
export const INT4_MAX = 2_147_483_647;
const ID_TEXT = /^\d{1,10}$/;

/** Text of 1 to 10 digits: the shape of an id as the API reads it (whether it can name a row is `isDatabaseId`). */
export const isIdText = (text: string): boolean => ID_TEXT.test(text);

/** A database id (int4, from 1 to 2,147,483,647) written in digits only, or such a number. */
export const isDatabaseId = (value: string | number): boolean => {
  const text = String(value);
  return ID_TEXT.test(text) && Number(text) >= 1 && Number(text) <= INT4_MAX;
};

/** Value formats of the API (architecture-rules.md): ISO datetimes, money with two places, fractions trimmed. */
export function iso(value: Date): string;
export function iso(value: Date | null | undefined): string | null;
export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** "0.1500" → "0.15", "1.0000" → "1", null stays null. */
export function fractionText(value: string): string;
export function fractionText(value: string | null | undefined): string | null;
export function fractionText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.includes('.') ? value.replace(/\.?0+$/, '') || '0' : value;
}

/** numeric(12,2) arrives as "12.50" already; normalise anything else to two places. */
export function moneyText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '0.00';
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

export const fullName = (parts: {
  title?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}) => [parts.firstName, parts.lastName].filter(Boolean).join(' ');

/** "12.50" → "$12.50" (formattedPrice). */
export const audText = (value: string | null | undefined): string => formatAud(parseMoney(moneyText(value)));
