/**
 * Messages sent from the public contact form (public-site §3, §7 "Contact"; back-office §2 "Contact
 * messages"). Anyone may send one, throttled per IP and per address; staff read them; only Admins
 * delete them. Nobody edits a message.
 */
import type { ContactSubmissionAttributes } from '@parking/domain/api-contract/accounts';
import { contactMessages, contactSubmissionSchema } from '@parking/domain/contact';
import { addressKey } from '../accounts/rate-limiter';
import { isStaff } from '../context';
import { contactSubmissions } from '../db/schema/index';
import type { ResourceDefinition } from '../jsonapi/resource';
import { iso } from '@parking/domain/api-values';

type ContactSubmissionRow = typeof contactSubmissions.$inferSelect;

export const contactSubmissionsResource: ResourceDefinition<ContactSubmissionRow> = {
  type: 'contact-submissions',
  table: contactSubmissions,
  idColumn: contactSubmissions.id,
  notFound: 'Message not found',
  attributes: (row) =>
    ({
      name: row.name,
      email: row.email,
      phoneNumber: row.phoneNumber,
      message: row.message,
      created: iso(row.created),
    }) satisfies ContactSubmissionAttributes,
  filters: {
    email: { kind: 'column', column: contactSubmissions.email, value: 'string', ops: ['eq', 'icontains'] },
    created: {
      kind: 'column',
      column: contactSubmissions.created,
      value: 'datetime',
      ops: ['gte', 'lte', 'gt', 'lt'],
    },
  },
  sorts: { created: contactSubmissions.created, id: contactSubmissions.id, name: contactSubmissions.name },
  defaultSort: '-created',
  access: { list: 'staff', read: 'staff', create: 'anyone', delete: 'admin' },

  /**
   * Per IP and per sender's address, so that the form cannot be used to flood the staff's inbox
   * from one network or in one person's name from many; staff are never counted.
   */
  async throttle(ctx, doc) {
    if (isStaff(ctx.user)) return;
    const { requestsPerIp, requestsPerEmail, windowMs } = ctx.services.config.rateLimits;
    await ctx.services.rateLimiter.consume(
      `contact:ip:${ctx.ip}`,
      requestsPerIp,
      windowMs,
      contactMessages.tooMany,
    );
    const address = addressKey(doc.attributes.email);
    if (address)
      await ctx.services.rateLimiter.consume(
        `contact:email:${address}`,
        requestsPerEmail,
        windowMs,
        contactMessages.tooManyFromAddress,
      );
  },

  write: {
    schema: contactSubmissionSchema,
    // The request's clock, not the database's: the back office sorts by it and tests fix it.
    prepare: (ctx, values) => ({ ...values, created: ctx.now }),
  },
};
