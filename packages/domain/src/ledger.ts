/**
 * Money is a ledger: every movement of a booking's money (a card payment, a payment staff take in
 * cash, EFTPOS, cheque or on account, a refund) is a row that is never overwritten. What has been
 * paid, what is owed and the payment status shown everywhere (back office, manage my booking,
 * invoices, emails) are derived from the rows here, once.
 */
import type { PaymentMethod } from './constants';
import type { Cents } from './money';
import { balanceToPayCents, goingAhead } from './stay-phase';

export type MovementKind = 'payment' | 'refund';

export interface Movement {
  kind: MovementKind;
  method: PaymentMethod;
  /** Always positive: the kind says which way the money went. */
  amountCents: Cents;
  at: Date;
  /** The provider's payment (intent) id for card payments and their refunds; null for money staff handled. */
  reference: string | null;
}

export type DerivedPaymentStatus = 'unpaid' | 'paid' | 'refunded';

export interface LedgerSummary {
  /** Every payment, before refunds. */
  paidCents: Cents;
  refundedCents: Cents;
  /** Paid less refunded: the booking's amountPaid. */
  netPaidCents: Cents;
  /** What the traveller still owes; nothing on a booking that is not going ahead. */
  owedCents: Cents;
  paymentStatus: DerivedPaymentStatus;
  /** The method of the latest payment (back office: the booking's Payment Method), or null. */
  paymentMethod: PaymentMethod | null;
  /** When the latest payment was taken, or null. */
  paymentDatetime: Date | null;
  /** Paid in full by card (the spec's stripeComplete): every payment was a card payment and nothing is owed. */
  cardComplete: boolean;
}

export interface LedgerBooking {
  totalCents: Cents;
  status: string;
  /** A subscriber's free stay: nothing to pay, and paid. */
  freeBySubscription: boolean;
}

export function summariseLedger(movements: readonly Movement[], booking: LedgerBooking): LedgerSummary {
  let paidCents = 0;
  let refundedCents = 0;
  let latest: Movement | null = null;
  let onlyCard = true;
  for (const movement of movements) {
    if (!Number.isInteger(movement.amountCents) || movement.amountCents <= 0) {
      throw new RangeError(`A movement is a positive whole number of cents: ${movement.amountCents}`);
    }
    if (movement.kind === 'payment') {
      paidCents += movement.amountCents;
      if (movement.method !== 'stripe') onlyCard = false;
      if (!latest || movement.at.getTime() >= latest.at.getTime()) latest = movement;
    } else {
      refundedCents += movement.amountCents;
    }
  }
  const netPaidCents = paidCents - refundedCents;
  if (netPaidCents < 0) throw new RangeError(`More refunded (${refundedCents}) than paid (${paidCents})`);
  // What is owed is manage my booking's balance rule, the one the web shows too (stay-phase.ts).
  const owedCents = balanceToPayCents({
    status: booking.status,
    totalCents: booking.totalCents,
    paidCents: netPaidCents,
  });
  const settled =
    booking.totalCents > 0
      ? netPaidCents >= booking.totalCents
      : booking.freeBySubscription || netPaidCents > 0;
  const paymentStatus: DerivedPaymentStatus =
    refundedCents > 0 && (netPaidCents === 0 || !goingAhead(booking.status))
      ? 'refunded'
      : settled
        ? 'paid'
        : 'unpaid';
  return {
    paidCents,
    refundedCents,
    netPaidCents,
    owedCents,
    paymentStatus,
    paymentMethod: latest?.method ?? null,
    paymentDatetime: latest?.at ?? null,
    cardComplete: paidCents > 0 && onlyCard && booking.totalCents > 0 && netPaidCents >= booking.totalCents,
  };
}

/** One payment and what is left of it to give back. */
export interface RefundablePayment {
  method: PaymentMethod;
  reference: string | null;
  leftCents: Cents;
  at: Date;
}

/**
 * What is left to refund of each payment: its amount less the refunds recorded against it (card refunds
 * carry the payment's reference; money staff gave back is taken off that method's payments, latest first).
 */
export function refundablePayments(movements: readonly Movement[]): RefundablePayment[] {
  const payments = movements
    .filter((movement) => movement.kind === 'payment')
    .map((movement) => ({
      method: movement.method,
      reference: movement.reference,
      leftCents: movement.amountCents,
      at: movement.at,
    }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  for (const refund of movements.filter((movement) => movement.kind === 'refund')) {
    let left = refund.amountCents;
    const against = payments.filter((payment) =>
      refund.reference
        ? payment.reference === refund.reference
        : payment.method === refund.method && payment.reference === null,
    );
    for (const payment of against) {
      const taken = Math.min(left, payment.leftCents);
      payment.leftCents -= taken;
      left -= taken;
    }
    // A refund not matched to a payment of its own kind (recorded before the ledger kept references)
    // comes off the latest payments, so that nothing can be refunded twice.
    for (const payment of payments) {
      if (left <= 0) break;
      const taken = Math.min(left, payment.leftCents);
      payment.leftCents -= taken;
      left -= taken;
    }
  }
  return payments.filter((payment) => payment.leftCents > 0);
}

export interface RefundLine {
  method: PaymentMethod;
  /** The card payment to refund through the provider; null for money staff give back. */
  reference: string | null;
  amountCents: Cents;
}

/**
 * Refunds go back the way the money came: `cents` is taken off the latest payments first, each line by
 * its own method (a card payment through the provider, cash or EFTPOS by staff). Never more than is left
 * of what was paid.
 */
export function allocateRefund(movements: readonly Movement[], cents: Cents): RefundLine[] {
  const lines: RefundLine[] = [];
  let left = Math.max(0, cents);
  for (const payment of refundablePayments(movements)) {
    if (left <= 0) break;
    const amount = Math.min(left, payment.leftCents);
    lines.push({ method: payment.method, reference: payment.reference, amountCents: amount });
    left -= amount;
  }
  return lines;
}

/**
 * A staff edit of Amount Paid (back office) is the new total paid: the difference from the ledger
 * becomes one movement of the chosen method, a payment when it grows and a refund when it shrinks.
 */
export function staffMovement(
  currentNetPaidCents: Cents,
  typedAmountPaidCents: Cents,
): { kind: MovementKind; amountCents: Cents } | null {
  const difference = typedAmountPaidCents - currentNetPaidCents;
  if (difference === 0) return null;
  return difference > 0
    ? { kind: 'payment', amountCents: difference }
    : { kind: 'refund', amountCents: -difference };
}

/** Why a payment that arrived could not be kept, and what happened to it, in the traveller's words. */
export type RefusedPaymentReason = 'no_space' | 'cancelled' | 'change_no_space' | 'extension_closed';

export function refusedPaymentMessage(reason: RefusedPaymentReason, amount: string): string {
  switch (reason) {
    case 'no_space':
      return `Sorry, the car park filled up before your payment arrived, so we could not keep your booking. Your payment of ${amount} has been refunded in full.`;
    case 'change_no_space':
      return `Sorry, the car park filled up before your payment arrived, so we could not change your booking: it stays as it was. Your payment of ${amount} has been refunded in full.`;
    case 'cancelled':
      return `This booking has been cancelled, so your payment of ${amount} has been refunded in full.`;
    case 'extension_closed':
      return `Sorry, your car had already been handed back when your payment arrived, so your stay was not extended. Your payment of ${amount} has been refunded in full.`;
  }
}

/** What staff are told when the booking form's payment fields ask what the ledger cannot do. */
export const ledgerMessages = {
  methodRequired: 'Choose the Payment Method the money was taken by.',
  cardByHand:
    'Card payments are recorded by the payment provider: take them with Make Payment, or choose the method the money was taken by.',
  refundMoreThanMethod: (method: string, amount: string) =>
    `Only ${amount} was paid by ${method}: a card payment is refunded by changing or cancelling the booking online.`,
  statusDerived: (status: string) =>
    `Payment Status follows the payments recorded (${status} here): enter the Amount Paid and its Payment Method instead.`,
  methodDerived:
    'Payment Method is the method of the latest payment recorded: enter the Amount Paid with the method to record a payment.',
} as const;
