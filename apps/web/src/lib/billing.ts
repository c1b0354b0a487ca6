/** How subscription prices read: "$449 every 3 months" (public-site §9: billed every three months). */
import { formatAud, isMoney, parseMoney } from '@parking/domain/money';

/** 'month', 3 → 'every 3 months'; 'month', 1 → 'every month'. */
export function billingPeriod(interval: string, intervalCount: number): string {
  return intervalCount > 1 ? `every ${intervalCount} ${interval}s` : `every ${interval}`;
}

/** '449.00' → '$449', '449.50' → '$449.50': a plan's price, like a quote's, without the .00. */
export function formatPlanPrice(amount: string): string {
  return isMoney(amount) ? formatAud(parseMoney(amount), { dropZeroCents: true }) : amount;
}
