/**
 * Customers: personal details of everyone who books. A customer sees and edits only their own
 * record (profile fields only); staff see all and edit everything.
 */
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { profileSchema } from '@parking/domain/accounts';
import { email as emailRule, optionalText } from '@parking/domain/fields';
import { messages } from '@parking/domain/messages';
import { isStaff, type RequestContext } from '../context';
import { customers, users } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import { containsPattern } from '../jsonapi/query';
import type { ResourceDefinition } from '../jsonapi/resource';
import { rolesFilter } from './role-filter';
import { fullName, iso } from './serialize';
import { hasActiveSubscription } from './subscription-sql';

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
  attributes: (row, ctx) => ({
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
      ? {
          privateNotes: row.privateNotes,
          staff: row.staff,
          roles: row.roles ?? [],
          customerDetails: [fullName(row), row.email, row.phoneNumber].filter(Boolean).join(' · '),
        }
      : {}),
  }),
  relationships: { user: { kind: 'one', type: 'users', key: 'userId' } },
  filters: {
    search: { kind: 'custom', apply: (value) => (value.trim() ? search(value) : undefined) },
    email: { kind: 'column', column: customers.email, value: 'string', ops: ['eq', 'icontains'] },
    staff: { kind: 'column', column: customers.staff, value: 'bool' },
    user: { kind: 'column', column: customers.userId, value: 'int', ops: ['eq', 'isnull'] },
    userRoles: rolesFilter(users.roles, 'userRoles'),
  },
  sorts: {
    id: customers.id,
    created: customers.created,
    lastName: customers.lastName,
    firstName: customers.firstName,
    email: customers.email,
  },
  defaultSort: '-id',
  access: { list: 'authenticated', read: 'authenticated', create: 'staff', update: 'authenticated', delete: 'admin' },
  scope: (ctx) =>
    isStaff(ctx.user) ? undefined : ctx.user?.customerId ? eq(customers.id, ctx.user.customerId) : sql`false`,
  write: {
    schema: staffSchema,
    prepare(ctx, values) {
      if (!isStaff(ctx.user)) {
        const { email: _email, privateNotes: _notes, staff: _staff, ...own } = values;
        return own;
      }
      return values;
    },
  },
  async update(ctx, row, doc) {
    checkOwnFields(ctx, doc.attributes);
    const schema = (isStaff(ctx.user) ? staffSchema : profileSchema).partial();
    const parsed = schema.safeParse(doc.attributes);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw errors.invalid(first?.message ?? messages.required, first?.path.map(String).join('/') || undefined);
    }
    const values = Object.fromEntries(Object.entries(parsed.data).filter(([key]) => key in doc.attributes));
    if (Object.keys(doc.relationships).length) throw errors.invalid('Relationships of a customer cannot be changed here.', '/data/relationships');
    if (Object.keys(values).length === 0) return;
    await ctx.db.update(customers).set(values).where(eq(customers.id, row.id));
    // The login email follows the customer's email when staff change it.
    if (typeof values.email === 'string' && row.userId !== null && values.email !== row.email) {
      const [taken] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, values.email), sql`${users.id} <> ${row.userId}`))
        .limit(1);
      if (taken) throw errors.invalid(messages.emailTaken, 'email', 'unique');
      await ctx.db.update(users).set({ email: values.email }).where(eq(users.id, row.userId));
    }
  },
};
