/**
 * The KPI summary (back-office §2 "Reports": the KPI Summary button, §7 kpi-summary-csv/?month=): one line
 * a day of a calendar month, then a total line, as a CSV for a spreadsheet.
 *
 * Per day: complete drop-offs and pick-ups; complete cars parked and the fill rate in each lot (the
 * lot-volume graph's figures); complete bookings made that day and what they were sold for; and the
 * payments received that day (what the payments diary of that day adds up to).
 */
import { formatMoney } from '@parking/domain/money';
import type { Executor } from '../db/client';
import { csvDocument } from '../documents/csv';
import { dailySeries } from './daily-series';
import { lotPresence } from './lot-volume';
import type { ReportDays } from './report-days';

type Cell = string | number;

/** 0.8534 → '85.3': a percentage with one decimal, as a spreadsheet reads it. */
const percent = (fraction: number) => (Math.round(fraction * 1000) / 10).toFixed(1);
const average = (values: readonly number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export interface KpiSummary {
  header: string[];
  /** One line a day, then the total line. */
  rows: Cell[][];
}

export async function kpiSummary(db: Executor, days: ReportDays, timeZone: string): Promise<KpiSummary> {
  const [series, lots] = await Promise.all([
    dailySeries(db, days, ['departure', 'arrival', 'made', 'paid']),
    lotPresence(db, days, timeZone),
  ]);
  const departures = series.of('departure').counts;
  const arrivals = series.of('arrival').counts;
  const made = series.of('made');
  const paid = series.of('paid').cents;
  const header = [
    'Date',
    'Drop-offs',
    'Pick-ups',
    ...lots.flatMap((lot) => [`${lot.name} cars parked`, `${lot.name} fill %`]),
    'Bookings made',
    'Booking value',
    'Payments received',
  ];
  const rows: Cell[][] = days.dates.map((date, day) => [
    date,
    departures[day] ?? 0,
    arrivals[day] ?? 0,
    ...lots.flatMap((lot) => {
      const cars = lot.present[day] ?? 0;
      return [cars, percent(cars / lot.spaces)];
    }),
    made.counts[day] ?? 0,
    formatMoney(made.cents[day] ?? 0),
    formatMoney(paid[day] ?? 0),
  ]);
  // Movements and money add up over the month; cars parked do not (the same car is parked on many
  // days), so the total line shows the month's daily average for them.
  rows.push([
    'Total',
    sum(departures),
    sum(arrivals),
    ...lots.flatMap((lot) => {
      const cars = average(lot.present);
      return [(Math.round(cars * 10) / 10).toFixed(1), percent(cars / lot.spaces)];
    }),
    sum(made.counts),
    formatMoney(sum(made.cents)),
    formatMoney(sum(paid)),
  ]);
  return { header, rows };
}

export const kpiSummaryCsv = (summary: KpiSummary): string => csvDocument([summary.header, ...summary.rows]);
