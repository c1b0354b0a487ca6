/** The back office's partner resources (issue 42): `partners`, `partner-api-keys`, `partner-allotments`, `partner-stop-sells`. */

/** `partners`. */
export interface PartnerAttributes {
  name: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  /** A fraction string ("0.12"). */
  commissionRate: string;
  status: string;
  created: string;
}

/** `partner-api-keys`: the key itself is in the create's answer only (`key`). */
export interface PartnerApiKeyAttributes {
  label: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  created: string;
  revoked: boolean;
  revokedAt: string | null;
  lastUsedAt: string | null;
  key?: string;
}

/** `partner-allotments`. */
export interface PartnerAllotmentAttributes {
  places: number;
  releaseHours: number;
}

/** `partner-stop-sells`. */
export interface PartnerStopSellAttributes {
  startDate: string;
  endDate: string;
  reason: string;
  created: string;
}

/** One attempt to push availability to the partner's webhook. */
export interface PartnerPushAttributes {
  at: string;
  /** The webhook answered a 2xx. */
  delivered: boolean;
  /** What the webhook answered; null when it could not be reached. */
  httpStatus: number | null;
  error: string;
  /** How many lot days the message spoke of. */
  days: number;
  /** Asked for by an Admin (Push Availability Now) rather than by a change. */
  resync: boolean;
}

/** `partner-webhooks` (GET partners/:id/webhook/): the registered address (never its secret) and the last pushes. */
export interface PartnerWebhookAttributes {
  url: string | null;
  registered: string | null;
  pushes: PartnerPushAttributes[];
}

/** A statement's money figures, decimal strings ("-12.50" for a credit). */
export interface StatementFiguresText {
  gross: string;
  commission: string;
  net: string;
  paid: string;
  stillOwed: string;
}

/** GET partners/{id}/statements/{month}/: `partner-statements` (issue 42, item 5), Admins only. */
export interface PartnerStatementAttributes {
  partnerName: string;
  /** YYYY-MM. */
  month: string;
  /** "November 2026". */
  monthLabel: string;
  /** A fraction string ("0.15"). */
  commissionRate: string;
  currency: 'AUD';
  /** Every line in time order. */
  lines: Array<
    StatementFiguresText & {
      kind: 'booking' | 'change' | 'cancellation';
      at: string;
      bookingCode: string;
      traveller: string;
      lot: string;
      start: string;
      end: string | null;
    }
  >;
  sections: Array<{
    kind: 'booking' | 'change' | 'cancellation';
    count: number;
    totals: StatementFiguresText;
  }>;
  totals: StatementFiguresText;
  /** Every payment received for the month. */
  received: string;
  /** Received beyond what the lines now owe. */
  overpaid: string;
  payments: Array<{ id: string; amount: string; receivedOn: string; reference: string; created: string }>;
}

/** `partner-payments`: a payment received from a partner for a statement month; never changed. */
export interface PartnerPaymentAttributes {
  month: string;
  amount: string;
  receivedOn: string;
  reference: string;
  created: string;
}
