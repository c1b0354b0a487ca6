/**
 * Who a booking is for and which car: the customer (own, guest or chosen by staff) and the vehicle
 * (saved, found by rego, or created), resolved inside the booking's transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { placeholderEmail } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { isStaff, type RequestContext } from '../context';
import { rowsOf } from '../db/client';
import { customers, users, vehicles } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { doesNotExist } from './relationship-lookups';

export interface PartyDetails {
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  business: string;
  email: string;
}

export interface ResolvedCustomer {
  id: number;
  userId: number | null;
  email: string;
  /** The email saved on the customer record (what a booking for them carries). */
  savedEmail: string;
  /** Created for this booking: no vehicle and no booking of theirs exists yet. */
  created: boolean;
  /** Has a complete booking already (a website booking is then 'Regular - Website'). */
  returning: boolean;
  /** The vehicle inserted with the customer, when one was created for this booking with `newVehicle`. */
  vehicleId?: number;
}

/** Whether the customer row has a complete booking: read with the row, not in a statement of its own. */
const hasCompleteBooking = sql<boolean>`EXISTS (SELECT 1 FROM bookings b WHERE b.customer_id = ${customers.id} AND b.status = 'complete')`;

export async function resolveCustomer(
  ctx: RequestContext,
  details: PartyDetails,
  customerId: number | null | undefined,
  /** The booking's car when it names no saved one: a customer created here has none, and gets it inserted too. */
  newVehicle?: VehicleDetails,
): Promise<ResolvedCustomer> {
  const staff = isStaff(ctx.user);
  const known = async (id: number) => {
    const [row] = await ctx.db
      .select({ customer: customers, returning: hasCompleteBooking })
      .from(customers)
      .where(eq(customers.id, id));
    return row;
  };
  if (ctx.user && !staff) {
    // A logged-in customer books for themselves; their account email is read-only here.
    const own = ctx.user.customerId;
    if (!own || (customerId != null && customerId !== own)) throw doesNotExist('customer', customerId ?? '');
    const row = await known(own);
    if (!row) throw doesNotExist('customer', own);
    const { customer } = row;
    return {
      id: customer.id,
      userId: customer.userId,
      email: customer.email,
      savedEmail: customer.email,
      created: false,
      returning: row.returning === true,
    };
  }
  if (staff && customerId != null) {
    const row = await known(customerId);
    if (!row) throw doesNotExist('customer', customerId);
    const { customer } = row;
    return {
      id: customer.id,
      userId: customer.userId,
      email: details.email || customer.email,
      savedEmail: customer.email,
      created: false,
      returning: row.returning === true,
    };
  }
  if (!staff && customerId != null) throw doesNotExist('customer', customerId);

  const email = details.email || placeholderEmail(randomUUID(), ctx.services.config.emailDomain);
  // A returning guest (or a walk-in staff already know) keeps one customer record per email: that record,
  // and whether the address belongs to a registered user, in one statement.
  const sameEmail = details.email
    ? sql`(SELECT c.id FROM customers c WHERE lower(c.email) = ${email} ${staff ? sql`` : sql`AND c.user_id IS NULL`} ORDER BY c.id LIMIT 1)`
    : sql`NULL::int`;
  const [found] = await ctx.db
    .select({
      customer: customers,
      returning: hasCompleteBooking,
      registered: staff
        ? sql<boolean>`false`
        : sql<boolean>`EXISTS (${ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email))})`,
    })
    .from(sql`(VALUES (1)) AS one (x)`)
    .leftJoin(customers, eq(customers.id, sameEmail));
  if (found?.registered === true)
    throw new DomainError('email_registered', messages.emailBelongsToUser, { field: 'email' });
  const existing = found?.customer;
  const values = {
    title: details.title,
    firstName: details.firstName,
    lastName: details.lastName,
    phoneNumber: details.phoneNumber,
    business: details.business,
  };
  if (existing) {
    // Guests' latest details win; a registered customer's profile is theirs to edit, not a booking's.
    if (existing.userId === null)
      await ctx.db.update(customers).set(values).where(eq(customers.id, existing.id));
    return {
      id: existing.id,
      userId: existing.userId,
      email: existing.email,
      savedEmail: existing.email,
      created: false,
      returning: found?.returning === true,
    };
  }
  const inserted = ctx.db
    .insert(customers)
    .values({ ...values, email, created: ctx.now })
    .returning({ id: customers.id });
  const createdCustomer = { userId: null, email, savedEmail: email, created: true, returning: false };
  if (newVehicle) {
    // The new customer and their car in one statement (data-modifying WITH): a round trip fewer on the booking's
    // connection, for the many bookings from a new guest (the row resolveVehicle would insert: newVehicleRow).
    const car = ctx.db
      .insert(vehicles)
      .values(newVehicleRow(newVehicle, sql`(SELECT id FROM created)`, ctx.now))
      .returning({ ownerId: vehicles.ownerId, id: vehicles.id });
    const [row] = rowsOf<{ owner_id: number | string; id: number | string }>(
      await ctx.db.execute(sql`WITH created AS (${inserted.getSQL()}) ${car.getSQL()}`),
    );
    if (!row) throw new Error('Customer not created');
    return { ...createdCustomer, id: Number(row.owner_id), vehicleId: Number(row.id) };
  }
  const [created] = await inserted;
  if (!created) throw new Error('Customer not created');
  return { ...createdCustomer, id: created.id };
}

export interface VehicleDetails {
  rego: string;
  make: string;
  model: string;
  colour: string;
  vehicleTypeId: number;
}

/** A booking's car as a new row of its owner's (`ownerId`: an id, or the statement that makes the owner). */
const newVehicleRow = (details: VehicleDetails, ownerId: number | SQL, now: Date) => ({
  rego: details.rego,
  make: details.make,
  model: details.model,
  colour: details.colour,
  vehicleTypeId: details.vehicleTypeId,
  ownerId,
  created: now,
});

/**
 * The saved vehicle named (it must be the customer's), or the customer's car with this rego, or a new one.
 * A customer created for this booking (`newCustomer`) has no car yet: it is not looked for.
 */
export async function resolveVehicle(
  ctx: RequestContext,
  customerId: number,
  details: VehicleDetails,
  vehicleId: number | null | undefined,
  newCustomer = false,
): Promise<number> {
  if (vehicleId != null) {
    const [row] = await ctx.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.ownerId, customerId)));
    if (!row) throw doesNotExist('vehicle', vehicleId);
    return row.id;
  }
  const [found] = newCustomer
    ? []
    : await ctx.db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(
          and(eq(vehicles.ownerId, customerId), eq(vehicles.rego, details.rego), eq(vehicles.deleted, false)),
        )
        .limit(1);
  if (found) {
    await ctx.db
      .update(vehicles)
      .set({
        make: details.make,
        model: details.model,
        colour: details.colour,
        vehicleTypeId: details.vehicleTypeId,
      })
      .where(eq(vehicles.id, found.id));
    return found.id;
  }
  const [created] = await ctx.db
    .insert(vehicles)
    .values(newVehicleRow(details, customerId, ctx.now))
    .returning({ id: vehicles.id });
  if (!created) throw new Error('Vehicle not created');
  return created.id;
}
