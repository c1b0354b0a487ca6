/**
 * "Mark Payment Received" (issue 42, item 5, Admins only): a payment received from a partner for a statement month,
 * a `partner-payments` resource of the generic layer, so that it is audited like every other partner change
 * (jsonapi/audit.ts). A payment is a row of the partner's account, never changed or deleted; it settles the month's
 * `account` lines (@parking/domain/partner-statement), which the statement then shows paid.
 *
 * Recorded in one transaction with the partner's row locked, so that two payments of the same partner are counted one
 * after the other: the form's submissionKey is looked up first (the same key again, a double click or a retry, is
 * answered the payment it recorded, and nothing is written or audited twice), then the month's statement is read and
 * a payment of more than it still owes refused (paymentRefusal).
 */
import { and, eq } from 'drizzle-orm';
import type { PartnerPaymentAttributes } from '@parking/domain/api-contract/partners';
import { iso, moneyText } from '@parking/domain/api-values';
import { businessDate } from '@parking/domain/dates';
import { DomainError } from '@parking/domain/errors';
import { parseMoney } from '@parking/domain/money';
import { partnerPaymentSchema, paymentRefusal } from '@parking/domain/partner-payments';
import type { RequestContext } from '../context';
import { partnerPayments } from '../db/schema/index';
import { readAttributes } from '../jsonapi/document';
import type { ResourceDefinition } from '../jsonapi/resource';
import { loadPartnerStatement, statementPartner } from './partner-statement-data';
import { byPartner, partnerOf } from './partners-resource';

type PaymentRow = typeof partnerPayments.$inferSelect;

/** Carries the payment an earlier submission with the same key recorded out of the rolled-back transaction. */
class AlreadyRecorded extends Error {
  constructor(readonly id: number) {
    super('payment already recorded');
  }
}

async function recorded(ctx: RequestContext, partnerId: number, key: string): Promise<number | undefined> {
  const [row] = await ctx.db
    .select({ id: partnerPayments.id })
    .from(partnerPayments)
    .where(and(eq(partnerPayments.partnerId, partnerId), eq(partnerPayments.submissionKey, key)))
    .limit(1);
  return row?.id;
}

export const partnerPaymentsResource: ResourceDefinition<PaymentRow> = {
  type: 'partner-payments',
  table: partnerPayments,
  idColumn: partnerPayments.id,
  notFound: 'Payment not found',
  attributes: (row) =>
    ({
      month: row.month,
      amount: moneyText(row.amount),
      receivedOn: row.receivedOn,
      reference: row.reference,
      created: iso(row.created),
    }) satisfies PartnerPaymentAttributes,
  relationships: { partner: { kind: 'one', type: 'partners', key: 'partnerId' } },
  filters: {
    partner: byPartner(partnerPayments.partnerId),
    month: { kind: 'column', column: partnerPayments.month, value: 'string', ops: ['eq', 'in'] },
  },
  sorts: { receivedOn: partnerPayments.receivedOn, created: partnerPayments.created, id: partnerPayments.id },
  defaultSort: 'receivedOn',
  access: { list: 'admin', read: 'admin', create: 'admin' },
  async createCommand(ctx, doc, save) {
    const input = readAttributes(partnerPaymentSchema, doc);
    const partnerId = await partnerOf(ctx, doc);
    const earlier = await recorded(ctx, partnerId, input.submissionKey);
    if (earlier !== undefined) return { id: earlier };
    try {
      const id = await save(async (tx) => {
        const partner = await statementPartner(tx.db, partnerId, true);
        // Sent twice at once: the second waited for the lock above, and finds the first's payment now.
        const again = await recorded(tx, partnerId, input.submissionKey);
        if (again !== undefined) throw new AlreadyRecorded(again);
        const amountCents = parseMoney(input.amount);
        const { statement } = await loadPartnerStatement(
          tx.db,
          partner,
          input.month,
          tx.services.config.timeZone,
        );
        const refusal = paymentRefusal(
          { amountCents, receivedOn: input.receivedOn, month: input.month },
          statement.totals.stillOwedCents,
          businessDate(tx.now, tx.services.config.timeZone),
        );
        if (refusal) throw new DomainError('invalid', refusal.detail, { field: refusal.field });
        const [row] = await tx.db
          .insert(partnerPayments)
          .values({
            partnerId,
            month: input.month,
            amount: input.amount,
            receivedOn: input.receivedOn,
            reference: input.reference,
            submissionKey: input.submissionKey,
            createdById: tx.user?.id ?? null,
            created: tx.now,
          })
          .returning({ id: partnerPayments.id });
        if (!row) throw new Error('partner payment not saved');
        return row.id;
      });
      return { id };
    } catch (error) {
      if (error instanceof AlreadyRecorded) return { id: error.id };
      throw error;
    }
  },
};
