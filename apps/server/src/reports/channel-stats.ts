/**
 * Channels (issue 42, item 4: the overview's breakdown beside the booking types): complete bookings whose drop-off
 * falls in the range, by the channel they were sold through (Website, Staff, each partner by name: the domain's
 * rule, booking-channel.ts), with their value and their share of the range's bookings.
 */
import { sql } from 'drizzle-orm';
import { moneyText } from '@parking/domain/api-values';
import { bookingChannel, type ChannelKind } from '@parking/domain/booking-channel';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { rowsOf, type Executor } from '../db/client';
import { round4, withinDays, type ReportDays } from './report-days';

type ChannelRow = { channel: string; kind: ChannelKind; count: number; totalCost: string; share: number };
export type ChannelStats = { rows: ChannelRow[] };

export async function channelStats(db: Executor, days: ReportDays): Promise<ChannelStats> {
  // By partner and booking type (a handful of rows), each then named by the domain's rule and added up.
  const rows = rowsOf<{
    partner_name: string | null;
    booking_type: string;
    count: number;
    total_cost: string;
  }>(
    await db.execute(sql`
      SELECT p.name AS partner_name, b.booking_type, count(*)::int AS count,
             sum(b.total_cost)::numeric(14, 2)::text AS total_cost
      FROM bookings b LEFT JOIN partners p ON p.id = b.partner_id
      WHERE b.status = 'complete' AND ${withinDays(sql`b.start_datetime`, days)}
      GROUP BY b.partner_id, p.name, b.booking_type`),
  );
  const byChannel = new Map<string, { kind: ChannelKind; label: string; count: number; cents: number }>();
  for (const row of rows) {
    const channel = bookingChannel({ partnerName: row.partner_name, bookingType: row.booking_type });
    // Two partners cannot share a name (partners_name_idx); a partner named "Website" is told apart by its kind.
    const key = `${channel.kind}:${channel.label}`;
    const held = byChannel.get(key) ?? { ...channel, count: 0, cents: 0 };
    held.count += Number(row.count);
    held.cents += parseMoney(moneyText(row.total_cost));
    byChannel.set(key, held);
  }
  const all = [...byChannel.values()].reduce((sum, entry) => sum + entry.count, 0);
  return {
    rows: [...byChannel.values()]
      .map((entry) => ({
        channel: entry.label,
        kind: entry.kind,
        count: entry.count,
        totalCost: formatMoney(entry.cents),
        share: all > 0 ? round4(entry.count / all) : 0,
      }))
      // Busiest first; ties by name as a reader sorts them.
      .sort(
        (a, b) => b.count - a.count || a.channel.localeCompare(b.channel, 'en-AU', { sensitivity: 'base' }),
      ),
  };
}
