/**
 * Customers: personal details of everyone who books. A customer sees and edits only their own
 * record (profile fields only); staff see all and edit everything, but only Admins change the email of a
 * customer with a login (it is the login's address).
 *
 * The back office's customer form edits a customer and their login at once (back-office §2, §3): staff
 * send `roles` and an optional `password` with the customer's fields, and this resource writes both in
 * the request's one transaction. A customer without a login gets one when roles or a password are sent
 * (without a password, the welcome email lets them set their own).
 */
import type { CustomerAttributes } from '@parking/domain/api-contract/accounts';
import { eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { profileSchema } from '@parking/domain/accounts';
import { ROLES } from '@parking/domain/constants';
import { email as emailRule, optionalText } from '@parking/domain/fields';
import { newPassword as passwordRule } from '@parking/domain/new-password';
import { isAdmin, isStaff, type RequestContext } from '../context';
import { customers, users } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import { containsPattern } from '../db/like-pattern';
import { anyOfFilter } from '../jsonapi/query';
import type { ResourceDefinition } from '../jsonapi/resource';
import { readAttributes, type WriteDocument } from '../jsonapi/document';
import { changeLoginEmail, createLogin, setPassword } from './user-logins';
import { fullName, iso } from '@parking/domain/api-values';
import { hasActiveSubscription } from '../subscriptions/subscription-sql';
import { newUserRoles, rolesRule, rolesToWrite } from './user-roles-resource';

const fields = {
  id: customers.id,
  email: customers.email,
  title: customers.title,
  firstName: customers.firstName,
  lastName: customers.lastName,
  phoneNumber: customers.phoneNumber,
  business: customers.business,
  privateNotes: customers.privateNotes,
  staff: customers.staff,
  userId: customers.userId,
  created: customers.created,
  emailConfirmed: users.emailConfirmed,
  roles: users.roles,
  hasSubscription: hasActiveSubscription(customers.userId).as('has_subscription'),
};

export type CustomerRow = {
  id: number;
  email: string;
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  business: string;
  privateNotes: string;
  staff: boolean;
  userId: number | null;
  created: Date;
  emailConfirmed: boolean | null;
  roles: string[] | null;
  hasSubscription: boolean;
};

const staffSchema = profileSchema.extend({
  email: emailRule,
  privateNotes: optionalText(5000),
  staff: z.boolean().optional(),
  // The customer's login: see the file's comment.
  roles: rolesRule.optional(),
  password: passwordRule.optional(),
});

const search = (text: string) => {
  const pattern = containsPattern(text);
  return or(
    ilike(customers.firstName, pattern),
    ilike(customers.lastName, pattern),
    ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
    ilike(customers.email, pattern),
    ilike(customers.phoneNumber, pattern),
    ilike(customers.business, pattern),
  );
};

const ONLY_ADMINS_SET_PASSWORDS = 'Only admins can change a password.';
const OWN_PASSWORD = 'Change your own password on your profile.';

function noRelationships(doc: WriteDocument) {
  if (Object.keys(doc.relationships).length)
    throw errors.invalid('Relationships of a customer cannot be changed here.', '/data/relationships');
}

/**
 * The login part of a staff write. A new login takes the customer's email; roles follow
 * user-roles.ts. An existing login's password is reset by Admins only (a Sales person who could set an
 * Admin's password could sign in as them), and never one's own here: that needs the current password.
 */
async function writeLogin(
  ctx: RequestContext,
  customer: { id: number; email: string; firstName: string; userId: number | null; roles: string[] | null },
  input: { roles?: z.output<typeof rolesRule> | undefined; password?: string | undefined },
) {
  if (input.roles === undefined && input.password === undefined) return;
  if (customer.userId === null) {
    const roles = newUserRoles(ctx, input.roles);
    const userId = await createLogin(ctx, {
      email: customer.email,
      password: input.password,
      roles,
      firstName: customer.firstName,
    });
    await ctx.db.update(customers).set({ userId }).where(eq(customers.id, customer.id));
    return;
  }
  const roles = rolesToWrite(ctx, { id: customer.userId, roles: customer.roles ?? [] }, input.roles);
  if (roles) await ctx.db.update(users).set({ roles }).where(eq(users.id, customer.userId));
  if (input.password !== undefined) {
    if (ctx.user?.id === customer.userId) throw errors.forbidden(OWN_PASSWORD, 'password');
    if (!isAdmin(ctx.user)) throw errors.forbidden(ONLY_ADMINS_SET_PASSWORDS, 'password');
    await setPassword(ctx, customer.userId, input.password);
  }
}

function checkOwnFields(ctx: RequestContext, attributes: Record<string, unknown>) {
  if (isStaff(ctx.user)) return;
  const allowed = new Set(Object.keys(profileSchema.shape));
  for (const key of Object.keys(attributes)) {
    if (!allowed.has(key)) throw errors.invalid('You may not change this field.', key, 'read_only');
  }
}

export const customersResource: ResourceDefinition<CustomerRow> = {
  type: 'customers',
  table: customers,
  idColumn: customers.id,
  notFound: 'Customer not found',
  fields,
  joins: (query) => query.leftJoin(users, eq(users.id, customers.userId)),
  attributes: (row, ctx) =>
    ({
      email: row.email,
      emailConfirmed: row.emailConfirmed ?? false,
      title: row.title,
      firstName: row.firstName,
      lastName: row.lastName,
      phoneNumber: row.phoneNumber,
      business: row.business,
      fullName: fullName(row),
      hasSubscription: row.hasSubscription,
      created: iso(row.created),
      // Staff-only fields: private notes are about the customer, not for them.
      ...(isStaff(ctx.user)
        ? ({
            privateNotes: row.privateNotes,
            staff: row.staff,
            roles: row.roles ?? [],
            customerDetails: [fullName(row), row.email, row.phoneNumber].filter(Boolean).join(' · '),
          } satisfies Partial<CustomerAttributes>)
        : {}),
    }) satisfies CustomerAttributes,
  relationships: { user: { kind: 'one', type: 'users', key: 'userId' } },
  filters: {
    search: { kind: 'custom', apply: (value) => (value.trim() ? search(value) : undefined) },
    email: { kind: 'column', column: customers.email, value: 'string', ops: ['eq', 'icontains'] },
    staff: { kind: 'column', column: customers.staff, value: 'bool' },
    user: { kind: 'column', column: customers.userId, value: 'int', ops: ['eq', 'isnull'] },
    userRoles: anyOfFilter(users.roles, 'userRoles', ROLES),
  },
  sorts: {
    id: customers.id,
    created: customers.created,
    lastName: customers.lastName,
    firstName: customers.firstName,
    email: customers.email,
  },
  defaultSort: '-id',
  access: {
    list: 'authenticated',
    read: 'authenticated',
    create: 'staff',
    update: 'authenticated',
    delete: 'admin',
  },
  scope: (ctx) =>
    isStaff(ctx.user) ? undefined : ctx.user?.customerId ? eq(customers.id, ctx.user.customerId) : sql`false`,
  /** Staff only (access): the customer, and with `roles` or `password` their login, together. */
  async create(ctx, doc) {
    noRelationships(doc);
    const { roles, password, ...details } = readAttributes(staffSchema, doc);
    const [customer] = await ctx.db
      .insert(customers)
      .values({ ...details, created: ctx.now })
      .returning({ id: customers.id });
    if (!customer) throw new Error('The customer insert returned no row');
    await writeLogin(
      ctx,
      { ...customer, email: details.email, firstName: details.firstName, userId: null, roles: null },
      { roles, password },
    );
    return customer.id;
  },

  async update(ctx, row, doc) {
    checkOwnFields(ctx, doc.attributes);
    const schema = isStaff(ctx.user) ? staffSchema.partial() : profileSchema.partial();
    const sent: z.output<ReturnType<typeof staffSchema.partial>> = readAttributes(schema, doc, {
      sentOnly: true,
    });
    noRelationships(doc);
    const { roles, password, ...values } = sent;
    // A customer with a login: their email is the login's, which only Admins move (user-logins.ts). Without
    // a login it is just their contact address, and staff change it like any other detail.
    if (row.userId !== null && values.email !== undefined)
      await changeLoginEmail(ctx, row.userId, values.email);
    if (Object.keys(values).length)
      await ctx.db.update(customers).set(values).where(eq(customers.id, row.id));
    const email = values.email ?? row.email;
    await writeLogin(
      ctx,
      { ...row, email, firstName: values.firstName ?? row.firstName },
      { roles, password },
    );
  },
};
