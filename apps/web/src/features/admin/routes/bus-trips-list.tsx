import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import type { BusTripAttributes } from '@parking/domain/api-contract/catalogue';
import { timetableLabel } from '../components/timetables';

const config: ListScreenConfig<BusTripAttributes> = {
  title: 'Buses',
  noun: 'bus trip',
  type: 'bus-trips',
  columns: [
    columns.text<BusTripAttributes>('departureTime', 'Departure Time', {
      render: (row) => row.attributes.formattedTime,
    }),
    columns.text<BusTripAttributes>('service', 'Timetable', {
      render: (row) => timetableLabel(row.attributes.service),
    }),
  ],
  defaultSort: 'departureTime',
  hrefOf: (row) => adminHref(paths.adminBustripsEdit, { busTripId: row.id }),
  addHref: paths.adminBustripsAdd.path,
  emptyText: 'No bus trips yet. Add the shuttle’s departures so that flights can name their bus.',
};

/** The shuttle bus trips (back-office §2 "Settings screens"): Admins only. */
export function BusTripsListPage() {
  return <ListScreen config={config} />;
}
