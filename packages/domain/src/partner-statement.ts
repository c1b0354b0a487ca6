/**
 * A partner's monthly statement (issue 42, item 5: reconciliation). A partner collects the traveller's money and
 * owes the car park the booking's total on account, less its commission. Each thing that moved that money in a
 * month is a line: a booking made (its total), a change (the difference it made, either way) and a cancellation
 * (the refund it credited). Per line and in total: gross (what the traveller paid the partner), commission (gross ×
 * the partner's rate, rounded by commissionCents), net owed (gross − commission), paid (what the partner's payments
 * received for the month settle of it) and still owed.
 *
 * The payments received (partner_payments, rows never changed) settle the month's lines in their time order, after
 * the credits: a credit (a cancellation, a cheaper change) first takes off what its own booking's charges owe, then
 * what other charges owe; the payments settle the rest. A credit line's paid is negative: the part of it used up
 * against the charges. The figures are worked
 * out here, once, for the page, the PDF, the CSV and the refusal of a payment larger than what is still owed.
 */
import type { Cents } from './money';
import { applyRate, rateToParts } from './pricing';

export const STATEMENT_LINE_KINDS = ['booking', 'change', 'cancellation'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/** A line's kind as the statement names it, and its section's heading. */
export const statementKindLabels: Record<StatementLineKind, { line: string; section: string }> = {
  booking: { line: 'Booking', section: 'Bookings' },
  change: { line: 'Change', section: 'Changes' },
  cancellation: { line: 'Cancellation', section: 'Cancellations' },
};

/**
 * The partner's commission on a gross amount: gross × rate to the nearest cent, a half cent away from zero. A
 * credit's commission is exactly the opposite of the same charge's, so that a booking cancelled in full nets to
 * nothing, commission included. The one rounding rule of the statements.
 */
export function commissionCents(grossCents: Cents, rate: string): Cents {
  if (!Number.isInteger(grossCents)) throw new RangeError(`Cents must be an integer: ${grossCents}`);
  const magnitude = applyRate(Math.abs(grossCents), rateToParts(rate));
  return grossCents < 0 && magnitude > 0 ? -magnitude : magnitude;
}

/** Something that moved what the partner owes in the month, as the ledger recorded it. */
export interface StatementEvent {
  kind: StatementLineKind;
  /** When it happened. */
  at: Date;
  bookingCode: string;
  traveller: string;
  lot: string;
  start: Date;
  end: Date | null;
  /**
   * Signed: the booking's total for a booking made, the difference for a change (negative when it lowered the
   * price), minus the refund for a cancellation (0 when nothing was refunded).
   */
  grossCents: Cents;
}

export interface StatementFigures {
  grossCents: Cents;
  commissionCents: Cents;
  netCents: Cents;
  paidCents: Cents;
  stillOwedCents: Cents;
}

export type StatementLine = StatementEvent & StatementFigures;

/** A payment received from the partner for the month. */
export interface StatementReceipt {
  amountCents: Cents;
  /** The date the money arrived (YYYY-MM-DD). */
  receivedOn: string;
  reference: string;
}

export interface StatementSection {
  kind: StatementLineKind;
  lines: StatementLine[];
  totals: StatementFigures;
}

export interface PartnerStatement {
  /** Every line in time order. */
  lines: StatementLine[];
  /** The lines by kind (bookings, changes, cancellations), each in time order with its totals. */
  sections: StatementSection[];
  /** The sums of the lines' figures. */
  totals: StatementFigures;
  /** Every payment received for the month. */
  receivedCents: Cents;
  /**
   * Received beyond what the month's lines owe (they were lowered after the payment, e.g. a booking cancelled):
   * what the partner is in credit. Received = totals.paid + overpaid.
   */
  overpaidCents: Cents;
}

const ZERO: StatementFigures = {
  grossCents: 0,
  commissionCents: 0,
  netCents: 0,
  paidCents: 0,
  stillOwedCents: 0,
};

/** The sums of the lines' figures. */
export function sumFigures(lines: readonly StatementFigures[]): StatementFigures {
  return lines.reduce<StatementFigures>(
    (sum, line) => ({
      grossCents: sum.grossCents + line.grossCents,
      commissionCents: sum.commissionCents + line.commissionCents,
      netCents: sum.netCents + line.netCents,
      paidCents: sum.paidCents + line.paidCents,
      stillOwedCents: sum.stillOwedCents + line.stillOwedCents,
    }),
    ZERO,
  );
}

/** Takes up to `amount` out of what is left, in order: what each part took. */
function takeInOrder(amounts: readonly Cents[], left: Cents): Cents[] {
  return amounts.map((amount) => {
    const taken = Math.min(amount, Math.max(0, left));
    left -= taken;
    return taken;
  });
}

/** The statement of a month: its events (any order), the partner's commission rate, the payments received. */
export function partnerStatement(
  events: readonly StatementEvent[],
  rate: string,
  receipts: readonly StatementReceipt[],
): PartnerStatement {
  for (const receipt of receipts)
    if (!Number.isInteger(receipt.amountCents) || receipt.amountCents <= 0)
      throw new RangeError(`A payment is a positive whole number of cents: ${receipt.amountCents}`);
  const ordered = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.index - b.index)
    .map(({ event }) => event);
  const nets = ordered.map((event) => {
    const commission = commissionCents(event.grossCents, rate);
    return { commission, net: event.grossCents - commission };
  });
  const charges = nets.map(({ net }) => Math.max(0, net));
  const credits = nets.map(({ net }) => Math.max(0, -net));
  const owedByCharges = charges.reduce((sum, cents) => sum + cents, 0);
  const credited = credits.reduce((sum, cents) => sum + cents, 0);
  const receivedCents = receipts.reduce((sum, receipt) => sum + receipt.amountCents, 0);
  const settled = charges.map(() => 0);
  /** Settles what `indexes`' charges still owe with up to `cents`, in order: what is left of `cents`. */
  const settle = (indexes: readonly number[], cents: Cents): Cents => {
    for (const index of indexes) {
      const taken = Math.min((charges[index] ?? 0) - (settled[index] ?? 0), cents);
      settled[index] = (settled[index] ?? 0) + taken;
      cents -= taken;
    }
    return cents;
  };
  const all = ordered.map((_, index) => index);
  // A credit settles its own booking's charges first (a cancellation, the booking it cancels), then any other.
  let creditLeft = 0;
  for (const code of new Set(ordered.map((event) => event.bookingCode))) {
    const own = all.filter((index) => ordered[index]?.bookingCode === code);
    creditLeft += settle(
      own,
      own.reduce((sum, index) => sum + (credits[index] ?? 0), 0),
    );
  }
  settle(all, creditLeft);
  // The payments received settle what the credits leave, and no more.
  const creditUsed = Math.min(owedByCharges, credited);
  const receivedUsed = Math.min(receivedCents, owedByCharges - creditUsed);
  settle(all, receivedUsed);
  const creditsUsed = takeInOrder(credits, creditUsed);

  const lines: StatementLine[] = ordered.map((event, index) => {
    const { commission, net } = nets[index] ?? { commission: 0, net: 0 };
    const paid = net >= 0 ? (settled[index] ?? 0) : -(creditsUsed[index] ?? 0);
    return {
      ...event,
      commissionCents: commission,
      netCents: net,
      paidCents: paid,
      stillOwedCents: net - paid,
    };
  });
  const sections = STATEMENT_LINE_KINDS.map((kind) => {
    const of = lines.filter((line) => line.kind === kind);
    return { kind, lines: of, totals: sumFigures(of) };
  });
  return {
    lines,
    sections,
    totals: sumFigures(lines),
    receivedCents,
    overpaidCents: receivedCents - receivedUsed,
  };
}
