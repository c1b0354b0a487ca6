/**
 * When a user proves they own their email address (confirmation link, password reset link), the
 * bookings and vehicles they made as a guest with that address become theirs. Never before: anyone
 * can register with someone else's address, and must not see that person's bookings.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { bookings, customers, users, vehicles } from '../db/schema/index';

export async function claimGuestRecords(db: Executor, userId: number): Promise<number> {
  const [owner] = await db
    .select({ customerId: customers.id, email: users.email })
    .from(users)
    .innerJoin(customers, eq(customers.userId, users.id))
    .where(eq(users.id, userId));
  if (!owner) return 0;
  const guests = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        sql`lower(${customers.email}) = ${owner.email}`,
        isNull(customers.userId),
        ne(customers.id, owner.customerId),
      ),
    );
  const ids = guests.map((guest) => guest.id);
  if (ids.length === 0) return 0;
  await db.update(bookings).set({ customerId: owner.customerId }).where(inArray(bookings.customerId, ids));
  await db.update(vehicles).set({ ownerId: owner.customerId }).where(inArray(vehicles.ownerId, ids));
  await db.delete(customers).where(inArray(customers.id, ids));
  return ids.length;
}
