/**
 * Finding a booking in one step (the back office's search box and Scan button): what a typed or scanned
 * text means. The server and the browser read it the same way: the browser to open a booking on Enter
 * when the text is its exact code, the server to look the text up.
 */
import { BOOKING_CODE_ALPHABET } from './booking-code';
import { normaliseRego } from './rego';

/** Shorter texts are not searched as text (a trigram index needs three characters); codes and regos still are. */
export const BOOKING_SEARCH_MIN_TEXT = 3;
export const BOOKING_SEARCH_MAX_LENGTH = 100;
/** Results a search answers at most. */
export const BOOKING_SEARCH_LIMIT = 8;
export const BOOKING_SEARCH_TOO_LONG = `Type at most ${BOOKING_SEARCH_MAX_LENGTH} characters.`;

const CODE = new RegExp(`^[${BOOKING_CODE_ALPHABET}]{8}$`);
const REGO = /^[A-Z0-9]{2,10}$/;

/** The booking code in `text` (any case, spaces ignored), or null when it is not one. */
export function bookingCodeOf(text: string): string | null {
  const code = text.replace(/[\s-]+/g, '').toUpperCase();
  return CODE.test(code) ? code : null;
}

/**
 * The booking code a scanned QR code holds: the code itself (what the confirmation email's QR encodes),
 * or a Manage my booking link carrying it as `?code=`.
 */
export function bookingCodeFromScan(scanned: string): string | null {
  const text = scanned.trim();
  const direct = bookingCodeOf(text);
  if (direct) return direct;
  const match = /[?&]code=([^&#\s]+)/.exec(text);
  if (!match?.[1]) return null;
  try {
    return bookingCodeOf(decodeURIComponent(match[1]));
  } catch {
    return null;
  }
}

/**
 * The ways an Australian phone number typed as bare digits is written in bookings: as typed, and in the
 * usual groups (mobiles 0400 123 456, landlines 03 6234 5678), so that 0400123456 finds "0400 123 456".
 */
export function phoneVariants(text: string): string[] {
  const digits = text.replace(/[\s()+-]/g, '');
  if (!/^\d{8,12}$/.test(digits)) return [];
  const variants = new Set([digits]);
  if (digits.length === 10) {
    variants.add(`${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`);
    variants.add(`${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`);
  }
  if (digits.length === 8) variants.add(`${digits.slice(0, 4)} ${digits.slice(4)}`);
  return [...variants];
}

export interface BookingSearchTerms {
  /** The text as typed, trimmed, its runs of white space made one space. */
  text: string;
  /** Looked for anywhere in the names, email, phone, business, rego and code (three characters or more). */
  searchText: boolean;
  code: string | null;
  /** An exact rego, when the text could be one. */
  rego: string | null;
  phones: string[];
}

export function bookingSearchTerms(raw: string): BookingSearchTerms {
  const text = raw.replace(/\s+/g, ' ').trim();
  const rego = normaliseRego(text);
  return {
    text,
    searchText: text.length >= BOOKING_SEARCH_MIN_TEXT,
    code: bookingCodeOf(text),
    rego: REGO.test(rego) ? rego : null,
    phones: phoneVariants(text),
  };
}
