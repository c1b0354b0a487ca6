/**
 * Users: login identities with roles. Registration is open; a user sees and changes only
 * themselves; staff see everyone; roles are set by Admins, never on their own user.
 */
import type { UserAttributes } from '@parking/domain/api-contract/accounts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { passwordChangeSchema, personalDetailsSchema, registerSchema } from '@parking/domain/accounts';
import { email as emailRule } from '@parking/domain/fields';
import { newPassword as passwordRule } from '@parking/domain/new-password';
import { messages } from '@parking/domain/messages';
import { ROLES } from '@parking/domain/constants';
import { verifyPassword } from './crypto';
import { addressKey } from './rate-limiter';
import { isAdmin, isStaff } from '../context';
import { customers, users } from '../db/schema/index';
import { readAttributes } from '../jsonapi/document';
import { errors, parseWith } from '../jsonapi/errors';
import { anyOfFilter } from '../jsonapi/query';
import type { ResourceDefinition } from '../jsonapi/resource';
import { changeLoginEmail, createLogin, setPassword } from './user-logins';
import { newUserRoles, onlyAdminsSetRoles, rolesRule, rolesToWrite } from './user-roles-resource';
import { iso } from '@parking/domain/api-values';
import { hasActiveSubscription } from '../subscriptions/subscription-sql';

const fields = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  roles: users.roles,
  emailConfirmed: users.emailConfirmed,
  isActive: users.isActive,
  lastLogin: users.lastLogin,
  created: users.created,
  customerId: customers.id,
  title: customers.title,
  firstName: customers.firstName,
  lastName: customers.lastName,
  phoneNumber: customers.phoneNumber,
  business: customers.business,
  activeIndoorSubscription: hasActiveSubscription(users.id, 'unlimited_indoor_parking').as('active_indoor'),
  activeOutdoorSubscription: hasActiveSubscription(users.id, 'unlimited_outdoor_parking').as(
    'active_outdoor',
  ),
};

export type UserRow = {
  id: number;
  email: string;
  passwordHash: string | null;
  roles: string[];
  emailConfirmed: boolean;
  isActive: boolean;
  lastLogin: Date | null;
  created: Date;
  customerId: number | null;
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  business: string | null;
  activeIndoorSubscription: boolean;
  activeOutdoorSubscription: boolean;
};

/** What staff may send when creating a user for a customer: the password is optional (a welcome email sets it). */
const staffCreateSchema = personalDetailsSchema.extend({
  email: emailRule,
  password: passwordRule.optional(),
  roles: rolesRule.optional(),
});

const updateSchema = personalDetailsSchema.partial().extend({
  email: emailRule.optional(),
  roles: rolesRule.optional(),
  password: passwordRule.optional(),
  currentPassword: z.string().optional(),
});

export const usersResource: ResourceDefinition<UserRow> = {
  type: 'users',
  table: users,
  idColumn: users.id,
  notFound: 'User not found',
  fields,
  joins: (query) => query.leftJoin(customers, eq(customers.userId, users.id)),
  attributes: (row, ctx) =>
    ({
      email: row.email,
      roles: row.roles,
      title: row.title ?? '',
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      phoneNumber: row.phoneNumber ?? '',
      business: row.business ?? '',
      emailConfirmed: row.emailConfirmed,
      activeIndoorSubscription: row.activeIndoorSubscription,
      activeOutdoorSubscription: row.activeOutdoorSubscription,
      hasPassword: row.passwordHash !== null,
      created: iso(row.created),
      ...(isStaff(ctx.user)
        ? ({ isActive: row.isActive, lastLogin: iso(row.lastLogin) } satisfies Partial<UserAttributes>)
        : {}),
    }) satisfies UserAttributes,
  relationships: { customer: { kind: 'one', type: 'customers', key: 'customerId' } },
  filters: {
    email: { kind: 'column', column: users.email, value: 'string', ops: ['eq', 'icontains'] },
    roles: anyOfFilter(users.roles, 'roles', ROLES),
  },
  sorts: { id: users.id, email: users.email, created: users.created },
  defaultSort: '-id',
  access: {
    list: 'authenticated',
    read: 'authenticated',
    create: 'anyone',
    update: 'authenticated',
    delete: 'admin',
  },
  scope: (ctx) => (isStaff(ctx.user) ? undefined : ctx.user ? eq(users.id, ctx.user.id) : sql`false`),

  /** Per IP and per address: one network registering many, and many networks trying one address. */
  async throttle(ctx, doc) {
    if (isStaff(ctx.user)) return;
    const { registrationsPerIp, registrationsPerEmail, windowMs } = ctx.services.config.rateLimits;
    await ctx.services.rateLimiter.consume(
      `register:ip:${ctx.ip}`,
      registrationsPerIp,
      windowMs,
      'Too many registrations from your network. Please try again later.',
    );
    const address = addressKey(doc.attributes.email);
    if (address)
      await ctx.services.rateLimiter.consume(
        `register:email:${address}`,
        registrationsPerEmail,
        windowMs,
        messages.tooManyForAddress,
      );
  },

  /** Registration (anyone), or staff creating a login for a customer. */
  async create(ctx, doc) {
    const staff = isStaff(ctx.user);
    const input: z.output<typeof staffCreateSchema> = readAttributes(
      staff ? staffCreateSchema : registerSchema,
      doc,
    );
    // Registration takes no roles at all, not even the default ones.
    if ('roles' in doc.attributes && !isAdmin(ctx.user)) throw onlyAdminsSetRoles();
    const userId = await createLogin(ctx, {
      email: input.email,
      password: input.password,
      roles: newUserRoles(ctx, input.roles),
      firstName: input.firstName,
    });
    const details = {
      title: input.title,
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      business: input.business,
    };
    // Staff creating a login for a customer they already know link that record at once. A
    // self-registration gets a record of its own; guest bookings under the same address are claimed
    // only once the address is confirmed (accounts/claim-guest-records.ts).
    const [existing] = staff
      ? await ctx.db
          .select({ id: customers.id })
          .from(customers)
          .where(and(sql`lower(${customers.email}) = ${input.email}`, sql`${customers.userId} IS NULL`))
          .orderBy(customers.id)
          .limit(1)
      : [];
    if (existing) {
      await ctx.db
        .update(customers)
        .set({ ...details, email: input.email, userId })
        .where(eq(customers.id, existing.id));
    } else {
      await ctx.db.insert(customers).values({ ...details, email: input.email, userId, created: ctx.now });
    }
    return userId;
  },

  async update(ctx, row, doc) {
    const self = ctx.user?.id === row.id;
    const admin = isAdmin(ctx.user);
    if (!self && !admin) throw errors.forbidden();
    if (Object.keys(doc.relationships).length)
      throw errors.invalid('Relationships of a user cannot be changed here.', '/data/relationships');
    const input = readAttributes(updateSchema, doc);
    const userValues: Partial<typeof users.$inferInsert> = {};

    const roles = rolesToWrite(ctx, row, input.roles);
    if (roles) userValues.roles = roles;
    // Admins only, with the customer record, sessions and mailed links following (user-logins.ts).
    if (input.email !== undefined) await changeLoginEmail(ctx, row.id, input.email);
    if (input.password !== undefined && self) {
      // Changing one's own password proves knowledge of the current one; an admin resetting
      // someone else's does not need it.
      parseWith(passwordChangeSchema, { currentPassword: input.currentPassword, password: input.password });
      if (!(await verifyPassword(row.passwordHash, input.currentPassword ?? ''))) {
        throw errors.invalid(messages.currentPasswordWrong, 'currentPassword', 'invalid_password');
      }
    }
    if (Object.keys(userValues).length)
      await ctx.db.update(users).set(userValues).where(eq(users.id, row.id));
    if (input.password !== undefined)
      await setPassword(ctx, row.id, input.password, self ? ctx.user?.sessionId : undefined);

    const details = Object.fromEntries(
      (['title', 'firstName', 'lastName', 'phoneNumber', 'business'] as const).flatMap((key) =>
        input[key] !== undefined ? [[key, input[key]]] : [],
      ),
    );
    if (Object.keys(details).length && row.customerId !== null) {
      await ctx.db.update(customers).set(details).where(eq(customers.id, row.customerId));
    }
  },
};
