import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import { formatTime24 } from '@parking/domain/dates';
import type {
  BusTripAttributes,
  FlightAttributes,
  NamedAttributes,
} from '@parking/domain/api-contract/catalogue';
import { timetableLabel } from '../components/timetables';

const config: ListScreenConfig<FlightAttributes> = {
  title: 'Flights',
  noun: 'flight',
  type: 'flights',
  include: 'airline,busTrip',
  columns: [
    columns.text<FlightAttributes>('flightNumber', 'Flight Number'),
    columns.related<FlightAttributes, NamedAttributes>(
      'airline',
      'airlines',
      (airline) => airline.name,
      'Airline',
    ),
    columns.text<FlightAttributes>('flightLabel', 'Label', { sortKey: undefined }),
    columns.text<FlightAttributes>('time', 'Time', { render: (row) => formatTime24(row.attributes.time) }),
    columns.bool<FlightAttributes>('departure', 'Departure'),
    columns.text<FlightAttributes>('service', 'Timetable', {
      sortKey: undefined,
      render: (row) => timetableLabel(row.attributes.service),
    }),
    columns.related<FlightAttributes, BusTripAttributes>(
      'busTrip',
      'bus-trips',
      // The back office's times are HH:mm (back-office §9), like the Time column.
      (trip) => formatTime24(trip.departureTime),
      'Bus Trip',
    ),
  ],
  defaultSort: 'time',
  hrefOf: (row) => adminHref(paths.adminFlightsEdit, { flightId: row.id }),
  addHref: paths.adminFlightsAdd.path,
  emptyText: 'No flights yet. Add the timetable’s flights so that customers can pick theirs.',
};

/** Flights (back-office §2 "Settings screens"): Admins only. */
export function FlightsListPage() {
  return <ListScreen config={config} />;
}
