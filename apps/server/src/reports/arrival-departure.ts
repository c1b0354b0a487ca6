/**
 * The arrival-departure graph (back-office §2 "admin-reports-inout": cars departing and returning by day):
 * complete bookings dropped off (departure) and picked up (arrival) on each business day.
 */
import type { Executor } from '../db/client';
import { dailySeries } from './daily-series';
import type { ReportDays } from './report-days';

export type ArrivalDepartureGraph = { labels: string[]; values: { departure: number[]; arrival: number[] } };

export async function arrivalDepartureGraph(db: Executor, days: ReportDays): Promise<ArrivalDepartureGraph> {
  const series = await dailySeries(db, days, ['departure', 'arrival']);
  return {
    labels: days.dates,
    values: { departure: series.of('departure').counts, arrival: series.of('arrival').counts },
  };
}
