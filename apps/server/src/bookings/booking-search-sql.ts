/**
 * The back office's one-step booking search (GET bookings/search/): an exact booking code (its unique
 * index), an exact rego (bookings_rego_idx), then the text anywhere in the names, email, phone, business,
 * rego and code through the trigram index of the customer-details filter (bookings_search_trgm_idx,
 * migration 0006). Every statement is bounded, so that a text found in most of 500,000 bookings ("com")
 * costs no more than a rare one: the stays near today come first (closest first), then the latest
 * others among a capped set of matches.
 */
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { BOOKING_SEARCH_LIMIT, bookingSearchTerms } from '@parking/domain/booking-search';
import type { Executor } from '../db/client';
import { bookings, lots } from '../db/schema/index';
import { containsPattern } from '../db/like-pattern';

/**
 * Everything the customer-details search looks in, one line per field so that no match spans two of them
 * (the name is first and last, so that "Jane Citizen" is found). It is the expression of the trigram
 * index bookings_search_trgm_idx (migration 0006): keep the two the same, or the search reads every row.
 */
const BOOKING_SEARCH_TEXT = sql`(${bookings.firstName} || ' ' || ${bookings.lastName} || E'\n' || ${bookings.email} || E'\n' || ${bookings.phoneNumber} || E'\n' || ${bookings.business} || E'\n' || ${bookings.rego} || E'\n' || ${bookings.bookingCode})`;

export const bookingSearch = (text: string) =>
  sql`${BOOKING_SEARCH_TEXT} ILIKE ${containsPattern(text.replace(/[\r\n]+/g, ' '))}`;

/** Stays starting this close to now are the desk's: they come first. */
const NEAR_DAYS = 45;
/** Other text matches are ordered among at most this many (the rest need more typing). */
const CANDIDATES = 200;

export interface BookingSearchMatch {
  id: number;
  bookingCode: string;
  status: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  rego: string;
  startDatetime: Date;
  endDatetime: Date | null;
  lot: string;
  match: 'code' | 'rego' | 'text';
}

const MATCH_FIELDS = {
  id: bookings.id,
  bookingCode: bookings.bookingCode,
  status: bookings.status,
  firstName: bookings.firstName,
  lastName: bookings.lastName,
  phoneNumber: bookings.phoneNumber,
  rego: bookings.rego,
  startDatetime: bookings.startDatetime,
  endDatetime: bookings.endDatetime,
};

export async function searchBookings(db: Executor, raw: string, now: Date): Promise<BookingSearchMatch[]> {
  const terms = bookingSearchTerms(raw);
  const found: { id: number; match: BookingSearchMatch['match'] }[] = [];
  const add = (ids: { id: number }[], match: BookingSearchMatch['match']) => {
    for (const { id } of ids) if (!found.some((item) => item.id === id)) found.push({ id, match });
  };

  if (terms.code) {
    add(
      await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingCode, terms.code)),
      'code',
    );
  }
  if (terms.rego) {
    add(
      await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.rego, terms.rego))
        .orderBy(desc(bookings.startDatetime))
        .limit(BOOKING_SEARCH_LIMIT),
      'rego',
    );
  }
  const textMatches: SQL[] = [];
  if (terms.searchText) textMatches.push(bookingSearch(terms.text));
  for (const phone of terms.phones) if (phone !== terms.text) textMatches.push(bookingSearch(phone));
  const matches = textMatches.length === 1 ? textMatches[0] : or(...textMatches);
  if (matches && found.length < BOOKING_SEARCH_LIMIT) {
    const from = new Date(now.getTime() - NEAR_DAYS * 86_400_000);
    const to = new Date(now.getTime() + NEAR_DAYS * 86_400_000);
    add(
      await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(matches, gte(bookings.startDatetime, from), lt(bookings.startDatetime, to)))
        .orderBy(
          sql`abs(extract(epoch from (${bookings.startDatetime} - ${now.toISOString()}::timestamptz)))`,
        )
        .limit(BOOKING_SEARCH_LIMIT),
      'text',
    );
  }
  if (matches && found.length < BOOKING_SEARCH_LIMIT) {
    const candidates = db
      .select({ id: bookings.id, startDatetime: bookings.startDatetime })
      .from(bookings)
      .where(matches)
      .limit(CANDIDATES)
      .as('candidates');
    add(
      await db
        .select({ id: candidates.id })
        .from(candidates)
        .orderBy(desc(candidates.startDatetime))
        .limit(BOOKING_SEARCH_LIMIT * 2),
      'text',
    );
  }

  const chosen = found.slice(0, BOOKING_SEARCH_LIMIT);
  if (chosen.length === 0) return [];
  const rows = await db
    .select({ ...MATCH_FIELDS, lot: lots.name })
    .from(bookings)
    .innerJoin(lots, eq(lots.id, bookings.lotId))
    .where(
      inArray(
        bookings.id,
        chosen.map((item) => item.id),
      ),
    )
    .orderBy(asc(bookings.id));
  return chosen.flatMap(({ id, match }) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row ? [{ ...row, match }] : [];
  });
}
