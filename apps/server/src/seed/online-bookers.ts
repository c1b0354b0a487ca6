/**
 * Who made each seeded booking, as its history names them (issue 40: the Edit History said "Unknown User").
 * A booking made online was made by a signed-in customer: every customer who books online has a login (a
 * confirmed Customers user with the demo password, made an hour before their first online booking), and
 * their online bookings name it as their maker (`created_by_id`, and so the author of the creation log, as
 * a signed-in booking's would be). Staff bookings already name the staff member who keyed them. A walk-in
 * who gave no email at the counter gives one when booking online: the address the other customers have.
 * Nothing here draws from the random source, so the rest of the demo is unchanged.
 */
import { eq, sql } from 'drizzle-orm';
import * as t from '../db/schema/index';
import { type BookingPlan, type CustomerInfo, HOUR, inChunks, type SeedContext } from './context';

/** Gives the online bookers of `plans` a login and names it on their online bookings; the logins made. */
export async function registerOnlineBookers(
  { tx }: SeedContext,
  plans: readonly BookingPlan[],
  customers: readonly CustomerInfo[],
  passwordHash: string,
): Promise<number> {
  const online = plans.filter((plan) => plan.channel === 'website');
  const firstOnline = new Map<CustomerInfo, Date>();
  for (const plan of online) {
    const first = firstOnline.get(plan.customer);
    if (!first || plan.created < first) firstOnline.set(plan.customer, plan.created);
  }
  const newcomers = [...firstOnline.keys()].filter((customer) => customer.userId === null);
  const usedEmails = new Set(customers.map((customer) => customer.email));
  for (const customer of newcomers) {
    if (!customer.email.startsWith('no-email-')) continue;
    const local = `${customer.firstName}.${customer.lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    let email = `${local}@example.com`;
    for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@example.com`;
    usedEmails.add(email);
    await tx.update(t.customers).set({ email }).where(eq(t.customers.id, customer.id));
    customer.email = email;
  }
  const made = await inChunks(newcomers, (chunk) =>
    tx
      .insert(t.users)
      .values(
        chunk.map((customer) => ({
          email: customer.email,
          passwordHash,
          roles: ['Customers'],
          emailConfirmed: true,
          created: new Date((firstOnline.get(customer) as Date).getTime() - HOUR),
        })),
      )
      .returning({ id: t.users.id, email: t.users.email }),
  );
  const userIdByEmail = new Map(made.map((row) => [row.email, row.id]));
  for (const customer of newcomers) customer.userId = userIdByEmail.get(customer.email) as number;
  // Each new login to its customer record, by the email they share (staff records never book online).
  await tx.execute(sql`
    UPDATE customers c SET user_id = u.id FROM users u
     WHERE c.user_id IS NULL AND NOT c.staff AND u.email = c.email`);
  for (const plan of online) plan.createdById = plan.customer.userId;
  return made.length;
}
