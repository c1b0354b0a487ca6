/** The diary's cells and phone cards (back-office §2 "Diary"): the customer, the desk's actions, the links. */
import FlightLandIcon from '@mui/icons-material/FlightLand';
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Fab from '@mui/material/Fab';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { businessTimeOfDay, formatTime12 } from '@parking/domain/dates';
import { adminHref, paths } from '@/config/paths';
import { businessToday } from '@/components/quote-dates-fields';
import { apiUrl } from '@/lib/api/client';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import { formatDelay } from '@parking/domain/flight-delay-format';
import { CustodyActions } from './custody-actions';
import { FlightDelayAction } from './flight-delay-action';
import type { DiaryDirection, DiaryRow, DiaryTimeGroup } from './diary-rows';

// Light tints (text on them keeps its AA contrast): green for departing, pink for arriving (back-office §2).
export const rowTint: Record<DiaryDirection, string> = { departing: '#E8F5E9', arriving: '#FCE4EC' };

export const directionLabel: Record<DiaryDirection, string> = {
  departing: 'Departing',
  arriving: 'Arriving',
};

export function flightText(airline: string, flightNumber: string) {
  return [airline, flightNumber].filter(Boolean).join(' ') || '—';
}

export function CustomerCell({ row }: { row: DiaryRow }) {
  return (
    <>
      {row.customerId ? (
        <Link
          href={adminHref(paths.adminCustomersEdit, { customerId: row.customerId })}
          sx={{ fontWeight: 600 }}
        >
          {row.name}
        </Link>
      ) : (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {row.name}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        {row.rego} · {row.vehicle}
      </Typography>
      <FlightNote row={row} />
    </>
  );
}

/**
 * The car park, and beneath it the channel the booking was sold through (issue 42: Website, Staff or the
 * partner's name), in the Carpark column: a column of its own would push the diary past 1280 px.
 */
export function LotAndChannel({ row }: { row: DiaryRow }) {
  return (
    <>
      {row.lot}
      {row.channel && (
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          via {row.channel}
        </Typography>
      )}
    </>
  );
}

const PROBLEMS = {
  capped: 'moved the free hours only',
  lot_full: 'not moved: the car park is full',
} as const;

/** "Delayed +2 h 10 min · was 4:00 pm" (the row's time is the new pick-up), or "Flight cancelled". */
export function FlightNote({ row }: { row: DiaryRow }) {
  const { flight } = row;
  if (!flight) return null;
  const cancelled = flight.status === 'cancelled';
  return (
    <Box sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <Chip
        size="small"
        color={cancelled ? 'error' : 'warning'}
        label={cancelled ? 'Flight cancelled' : `Delayed ${formatDelay(flight.delayMinutes)}`}
      />
      <Typography variant="body2" component="span">
        {cancelled
          ? `pick-up booked ${formatTime12(flight.bookedTime)}`
          : `now ${formatTime12(row.time)}, was ${formatTime12(flight.bookedTime)}`}
        {flight.problem ? ` · ${PROBLEMS[flight.problem]}` : ''}
      </Typography>
    </Box>
  );
}

/** A pick-up's arriving flight, when one is given (not Not flying, not left blank). */
const arrivingFlightGiven = (row: DiaryRow) =>
  row.direction === 'arriving' && row.flightNumber.trim() !== '' && row.airline !== NOT_FLYING_AIRLINE;

/**
 * The desk's actions on the row's car, what its moment needs (issue 40): a drop-off Check In, then Move;
 * a pick-up Hand Back, and its Flight when it has an arriving flight.
 */
export function RowCustody({ row }: { row: DiaryRow }) {
  return (
    <>
      {arrivingFlightGiven(row) && row.custodyStatus !== 'handed_back' && <FlightDelayAction row={row} />}
      <CustodyActions
        moment={row.direction === 'departing' ? 'drop-off' : 'pick-up'}
        booking={{
          id: row.bookingId,
          bookingCode: row.bookingCode,
          name: row.name,
          rego: row.rego,
          vehicle: row.vehicle,
          lotId: row.lotId,
          lotRegionId: row.lotRegionId,
          lotRegionRow: row.lotRegionRow,
          custodyStatus: row.custodyStatus,
        }}
      />
    </>
  );
}

export function RowLinks({ row, stacked = false }: { row: DiaryRow; stacked?: boolean }) {
  return (
    <Stack direction={stacked ? 'column' : 'row'} spacing={stacked ? 0.25 : 1.5}>
      <Link
        href={apiUrl(`bookings/${row.bookingId}/invoice`)}
        target="_blank"
        rel="noopener"
        aria-label={`Invoice of booking ${row.bookingCode}`}
      >
        Invoice
      </Link>
      <Link
        href={adminHref(paths.adminBookingsEdit, { bookingId: row.bookingId })}
        aria-label={`View booking ${row.bookingCode}`}
      >
        View
      </Link>
    </Stack>
  );
}

/** The time group of now on today's diary: the first from now on, else the day's last. */
function nowGroup(groups: readonly DiaryTimeGroup[], date: string): string | null {
  if (date !== businessToday() || groups.length === 0) return null;
  const now = businessTimeOfDay(new Date(), BUSINESS_TIME_ZONE);
  return (groups.find((group) => group.time >= now) ?? groups.at(-1))?.time ?? null;
}

/**
 * Today's phone diary runs to thousands of pixels (issue 40): "Now" jumps to the bookings of now, and
 * stays at hand at the foot of the screen. The heading it jumps to takes focus, for a keyboard user.
 */
function NowJump({ time }: { time: string }) {
  return (
    <Fab
      variant="extended"
      color="primary"
      size="medium"
      onClick={() => {
        const heading = document.getElementById(`diary-time-${time}`);
        heading?.scrollIntoView({ block: 'start' });
        heading?.focus({ preventScroll: true });
      }}
      aria-label={`Now: jump to ${formatTime12(time)}`}
      sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: 2 }}
    >
      <ScheduleIcon sx={{ mr: 1 }} />
      Now
    </Fab>
  );
}

/** The phone layout: a heading a time, a card a booking; on today's, a jump to now. */
export function DiaryCards({ groups, date }: { groups: DiaryTimeGroup[]; date: string }) {
  const now = nowGroup(groups, date);
  return (
    <Stack spacing={2} sx={{ p: 1, pb: now ? 9 : 1 }}>
      {now && <NowJump time={now} />}
      {groups.map((group) => (
        <Box
          component="section"
          key={group.time}
          aria-label={formatTime12(group.time)}
          aria-current={group.time === now ? 'time' : undefined}
        >
          <Typography
            component="h2"
            variant="h5"
            id={`diary-time-${group.time}`}
            tabIndex={-1}
            sx={{ mb: 1, '&:focus': { outline: 'none' } }}
          >
            {formatTime12(group.time)}
          </Typography>
          <Stack spacing={1}>
            {group.flights.flatMap((flight) =>
              flight.rows.map((row) => (
                <Card
                  key={row.key}
                  variant="outlined"
                  data-direction={row.direction}
                  data-booking-id={row.bookingId}
                  sx={{ p: 1.5, bgcolor: rowTint[row.direction] }}
                >
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 600, display: 'flex', gap: 0.75, alignItems: 'center' }}
                  >
                    {flight.direction === 'departing' ? (
                      <FlightTakeoffIcon fontSize="small" aria-hidden />
                    ) : (
                      <FlightLandIcon fontSize="small" aria-hidden />
                    )}
                    {directionLabel[row.direction]} · {flightText(row.airline, row.flightNumber)} ·{' '}
                    {flight.people} {flight.people === 1 ? 'person' : 'people'} on this flight
                  </Typography>
                  <Box sx={{ my: 0.75 }}>
                    <CustomerCell row={row} />
                  </Box>
                  <Typography variant="body2">
                    {row.lot} · {row.channel ? `via ${row.channel} · ` : ''}
                    {row.people} {row.people === 1 ? 'person' : 'people'}
                    {row.hasExtras ? ' · Extras' : ''} · {row.paid ? 'Paid' : 'Not paid'} ·{' '}
                    {row.checkedIn ? 'Checked in' : 'Not checked in'}
                  </Typography>
                  {row.notes && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {row.notes}
                    </Typography>
                  )}
                  <Stack
                    direction="row"
                    spacing={2}
                    sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
                  >
                    <RowLinks row={row} />
                    <RowCustody row={row} />
                  </Stack>
                </Card>
              )),
            )}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
