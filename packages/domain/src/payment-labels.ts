/**
 * What people read for the stored payment values (back-office §9 lists the stored methods: stripe, cash,
 * eftpos, ...): a traveller or staff member sees "Card", never the provider's name. The one map the
 * web, the emails and the invoices use.
 */
import type { PaymentMethod, PaymentStatus } from './constants';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Card',
  cash: 'Cash',
  eftpos: 'EFTPOS',
  visa: 'Visa',
  mastercard: 'Mastercard',
  cheque: 'Cheque',
  account: 'Account',
  'Payment on return': 'Payment on return',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  refunded: 'Refunded',
};

const isKey = <K extends string>(labels: Record<K, string>, value: string): value is K =>
  Object.prototype.hasOwnProperty.call(labels, value);

/** "Card" for 'stripe'; '' for none; a value the list does not know is shown as it is. */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (!method) return '';
  return isKey(PAYMENT_METHOD_LABELS, method) ? PAYMENT_METHOD_LABELS[method] : method;
}

/**
 * "Paid" for 'paid'; a value the list does not know is shown as it is. Given what has been paid, a booking the
 * ledger calls unpaid (something is owed) but that has money paid towards it (paid, then changed to cost more)
 * is "Part paid": "Unpaid" would tell a traveller who paid that they had not.
 */
export function paymentStatusLabel(status: string, amountPaid?: string | null): string {
  if (status === 'unpaid' && amountPaid != null && Number(amountPaid) > 0) return PART_PAID_LABEL;
  return isKey(PAYMENT_STATUS_LABELS, status) ? PAYMENT_STATUS_LABELS[status] : status;
}

export const PART_PAID_LABEL = 'Part paid';
