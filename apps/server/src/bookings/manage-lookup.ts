/**
 * Manage my booking: a guest finds a booking with its code and the email it was made with. Guessing is
 * kept slow, and a stranger's guesses never lock the booking's owner out:
 * - every lookup counts per network (requestsPerIp in the window), right or wrong;
 * - wrong emails count per booking code AND network: after requestsPerEmail of them, that network is
 *   refused for that code, the right email included (answering it would tell the guesser they found it).
 * Nothing counts per booking code alone: five wrong emails from anywhere would lock the owner out on
 * every network, and a per-code count that the right email passed anyway would stop no guess.
 */
import { and, eq } from 'drizzle-orm';
import { manageMessages } from '@parking/domain/manage-booking';
import type { RequestContext } from '../context';
import { bookings } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { tooManyDetail } from '../accounts/rate-limiter';

/** The id of the booking with this code and email, or a 400 (not found) / 429 (too many tries from here). */
export async function findBookingToManage(
  ctx: RequestContext,
  bookingCode: string,
  email: string,
): Promise<number> {
  const { rateLimiter, config } = ctx.services;
  const { requestsPerIp, requestsPerEmail, windowMs } = config.rateLimits;
  await rateLimiter.consume(`manage-lookup:ip:${ctx.ip}`, requestsPerIp, windowMs, tooManyDetail(windowMs));
  const guessesKey = `manage-lookup:code-ip:${bookingCode}:${ctx.ip}`;
  const guesses = await rateLimiter.peek(guessesKey, windowMs);
  if (guesses.count >= requestsPerEmail)
    throw DomainError.throttled(tooManyDetail(guesses.resetInMs), guesses.resetInMs / 1000);
  const [booking] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.bookingCode, bookingCode), eq(bookings.email, email)));
  if (!booking) {
    await rateLimiter.hit(guessesKey, windowMs);
    throw new DomainError('booking_not_found', manageMessages.notFound);
  }
  return booking.id;
}
