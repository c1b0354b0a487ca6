/**
 * Who a booking is for and which car: the customer (own, guest or chosen by staff) and the vehicle
 * (saved, found by rego, or created), resolved inside the booking's transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { placeholderEmail } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { isStaff, type RequestContext } from '../context';
import { customers, users, vehicles } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import { doesNotExist } from './lookups';

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
}

export async function resolveCustomer(
  ctx: RequestContext,
  details: PartyDetails,
  customerId: number | null | undefined,
): Promise<ResolvedCustomer> {
  const staff = isStaff(ctx.user);
  if (ctx.user && !staff) {
    // A logged-in customer books for themselves; their account email is read-only here.
    const own = ctx.user.customerId;
    if (!own || (customerId != null && customerId !== own)) throw doesNotExist('customer', customerId ?? '');
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, own));
    if (!row) throw doesNotExist('customer', own);
    return { id: row.id, userId: row.userId, email: row.email };
  }
  if (staff && customerId != null) {
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, customerId));
    if (!row) throw doesNotExist('customer', customerId);
    return { id: row.id, userId: row.userId, email: details.email || row.email };
  }
  if (!staff && customerId != null) throw doesNotExist('customer', customerId);

  const email = details.email || placeholderEmail(randomUUID(), ctx.services.config.emailDomain);
  if (!staff) {
    const [registered] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (registered) throw errors.invalid(messages.emailBelongsToUser, 'email', 'email_registered');
  }
  // A returning guest (or a walk-in staff already know) keeps one customer record per email.
  const [existing] = details.email
    ? await ctx.db
        .select()
        .from(customers)
        .where(and(sql`lower(${customers.email}) = ${email}`, staff ? sql`true` : isNull(customers.userId)))
        .orderBy(customers.id)
        .limit(1)
    : [];
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
    return { id: existing.id, userId: existing.userId, email: existing.email };
  }
  const [created] = await ctx.db
    .insert(customers)
    .values({ ...values, email, created: ctx.now })
    .returning();
  if (!created) throw new Error('Customer not created');
  return { id: created.id, userId: null, email };
}

export interface VehicleDetails {
  rego: string;
  make: string;
  model: string;
  colour: string;
  vehicleTypeId: number;
}

/** The saved vehicle named (it must be the customer's), or the customer's car with this rego, or a new one. */
export async function resolveVehicle(
  ctx: RequestContext,
  customerId: number,
  details: VehicleDetails,
  vehicleId: number | null | undefined,
): Promise<number> {
  if (vehicleId != null) {
    const [row] = await ctx.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.ownerId, customerId)));
    if (!row) throw doesNotExist('vehicle', vehicleId);
    return row.id;
  }
  const [found] = await ctx.db
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
    .values({ ...details, ownerId: customerId, created: ctx.now })
    .returning({ id: vehicles.id });
  if (!created) throw new Error('Vehicle not created');
  return created.id;
}
