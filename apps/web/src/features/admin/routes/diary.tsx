import { AdminPageHeading } from '@/components/admin/page-heading';
import FlightLandIcon from '@mui/icons-material/FlightLand';
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DIARY_BOOKING_FIELDS } from '@parking/domain/api-contract/bookings';
import { formatDateShort, formatTime12 } from '@parking/domain/dates';
import { MOBILE_LIST_QUERY } from '@/components/admin/mobile-list-query';
import { Tick } from '@/components/admin/tick';
import { visuallyHidden } from '@/components/visually-hidden';
import { paths } from '@/config/paths';
import { apiUrl } from '@/lib/api/client';
import { listQuery } from '@/lib/api/resource-queries';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import type { WaitlistEntryAttributes } from '@parking/domain/api-contract/waitlist';
import {
  CustomerCell,
  LotAndChannel,
  DiaryCards,
  directionLabel,
  flightText,
  RowCustody,
  RowLinks,
  rowTint,
} from '../components/diary-cells';
import { DayNavigator, useQueryDate } from '../components/day-navigator';
import { DiarySlotLoad } from '../components/diary-slot-load';
import { diaryRows, groupDiary, type DiaryBooking, type DiaryTimeGroup } from '../components/diary-rows';
import { LoadError } from '@/components/admin/load-error';

/** Back-office §9: the diary asks for up to 1000 bookings. */
const DIARY_PAGE_SIZE = 1000;

const weekday = new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone: 'UTC' });
const dayTitle = (date: string) =>
  `${weekday.format(new Date(`${date}T00:00:00Z`))} ${formatDateShort(date)}`;

/**
 * The diary (back-office §2): the day's drop-offs and pick-ups of complete bookings, by time then flight,
 * departing rows green and arriving rows pink, with the day's PDF invoices. The day is the query's
 * diary_date (today when absent or invalid).
 */
export function DiaryPage() {
  usePageTitle(paths.adminDiary.title);
  const day = useQueryDate('diary_date');
  const { date } = day;
  const mobile = useMediaQuery(MOBILE_LIST_QUERY, { noSsr: true });

  const list = useQuery(
    listQuery<DiaryBooking>('bookings', {
      page: 1,
      per: DIARY_PAGE_SIZE,
      sort: 'startDatetime',
      filters: { diaryDate: date, status: 'complete' },
      include: 'airlineOut,airlineIn,lot',
      fields: { bookings: DIARY_BOOKING_FIELDS },
    }),
  );
  // The day's waitlist (issue 24): travellers waiting for a place, or holding one, on this day.
  const waitlist = useQuery(
    listQuery<WaitlistEntryAttributes>('waitlist-entries', {
      page: 1,
      per: 1,
      filters: { date, status__in: 'waiting,offered' },
    }),
  );
  const rows = useMemo(
    () => (list.data ? diaryRows(list.data.rows, list.data.included, date, BUSINESS_TIME_ZONE) : []),
    [list.data, date],
  );
  const groups = useMemo(() => groupDiary(rows), [rows]);
  const dropOffs = rows.filter((item) => item.direction === 'departing').length;
  const pickUps = rows.length - dropOffs;
  const showingOld = list.isPlaceholderData;

  const invoices = (filter: 'start_diary_date' | 'end_diary_date') =>
    apiUrl('bookings/invoices', { 'filter[status]': 'complete', [`filter[${filter}]`]: date });

  return (
    <Box>
      <AdminPageHeading
        from="md"
        title="Diary"
        subtitle={dayTitle(date)}
        actions={<DayNavigator control={day} name="diary_date" />}
      />

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlinedIcon />}
          href={invoices('start_diary_date')}
          target="_blank"
          rel="noopener"
          disabled={dropOffs === 0 || showingOld}
        >
          PDF Invoices - Drop Offs
        </Button>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlinedIcon />}
          href={invoices('end_diary_date')}
          target="_blank"
          rel="noopener"
          disabled={pickUps === 0 || showingOld}
        >
          PDF Invoices - Pick Ups
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {waitlist.data && !waitlist.isPlaceholderData && (
          <Chip
            component="a"
            href={`${paths.adminWaitlist.path}?date=${date}`}
            clickable
            variant="outlined"
            icon={<HourglassEmptyIcon />}
            label={`${waitlist.data.count} on the waitlist`}
            data-testid="diary-waitlist"
          />
        )}
        {list.data && !showingOld && (
          <>
            <Chip
              icon={<FlightTakeoffIcon />}
              label={`${dropOffs} drop-off${dropOffs === 1 ? '' : 's'}`}
              sx={{ bgcolor: rowTint.departing }}
            />
            <Chip
              icon={<FlightLandIcon />}
              label={`${pickUps} pick-up${pickUps === 1 ? '' : 's'}`}
              sx={{ bgcolor: rowTint.arriving }}
            />
          </>
        )}
      </Stack>

      <DiarySlotLoad date={date} />

      <Card variant="outlined">
        <Box sx={{ height: 4 }}>{list.isFetching && <LinearProgress aria-label="Loading the diary" />}</Box>
        {list.isError ? (
          <LoadError onRetry={() => void list.refetch()} sx={{ m: 2 }}>
            The diary could not be loaded.
          </LoadError>
        ) : list.isPending ? (
          <Stack spacing={1} sx={{ p: 2 }} aria-hidden>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} variant="rounded" height={36} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
            No bookings for the current date.
          </Typography>
        ) : mobile ? (
          <DiaryCards groups={groups} date={date} />
        ) : (
          <DiaryTable groups={groups} />
        )}
      </Card>
    </Box>
  );
}

/** Back-office §2's columns; each time and each flight once, spanning their rows. */
function DiaryTable({ groups }: { groups: DiaryTimeGroup[] }) {
  const head = [
    'Time',
    'Airline and flight',
    'Customer',
    'People',
    'Carpark',
    'Extras?',
    'Paid?',
    'Checked-in?',
    'Notes',
    // The desk's actions, with the invoice and view links beneath them (one column: the diary fits 1280 px).
    'Desk',
  ];
  return (
    <TableContainer>
      <Table size="small" aria-label="Diary" sx={{ '& td, & th': { px: 1, py: 0.75, verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            {head.map((label, index) => (
              <TableCell
                key={index}
                sx={{
                  fontWeight: 600,
                  color: 'text.secondary',
                  whiteSpace: index >= 5 && index <= 7 ? 'normal' : 'nowrap',
                  lineHeight: 1.2,
                }}
                align={index >= 5 && index <= 7 ? 'center' : undefined}
              >
                {label || (
                  <Box component="span" sx={visuallyHidden}>
                    Links
                  </Box>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.flatMap((group) =>
            group.flights.flatMap((flight, flightIndex) =>
              flight.rows.map((row, rowIndex) => (
                <TableRow
                  key={row.key}
                  data-direction={row.direction}
                  data-booking-id={row.bookingId}
                  sx={{ bgcolor: rowTint[row.direction] }}
                >
                  {flightIndex === 0 && rowIndex === 0 && (
                    <TableCell
                      component="th"
                      scope="rowgroup"
                      rowSpan={group.size}
                      sx={{ fontWeight: 700, whiteSpace: 'nowrap', bgcolor: 'background.paper' }}
                    >
                      {formatTime12(group.time)}
                    </TableCell>
                  )}
                  {rowIndex === 0 && (
                    <TableCell rowSpan={flight.rows.length} sx={{ minWidth: 110 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}>
                        {flight.direction === 'departing' ? (
                          <FlightTakeoffIcon fontSize="small" aria-hidden />
                        ) : (
                          <FlightLandIcon fontSize="small" aria-hidden />
                        )}
                        {flightText(flight.airline, flight.flightNumber)}
                      </Box>
                      <Typography variant="body2" color="text.secondary">
                        {directionLabel[flight.direction]} · {flight.people}{' '}
                        {flight.people === 1 ? 'person' : 'people'}
                      </Typography>
                    </TableCell>
                  )}
                  <TableCell sx={{ minWidth: 150 }}>
                    <CustomerCell row={row} />
                  </TableCell>
                  <TableCell align="center">{row.people}</TableCell>
                  <TableCell>
                    <LotAndChannel row={row} />
                  </TableCell>
                  <TableCell align="center">
                    <Tick value={row.hasExtras} label="Has extras" />
                  </TableCell>
                  <TableCell align="center">
                    <Tick value={row.paid} label="Paid" />
                  </TableCell>
                  <TableCell align="center">
                    <Tick value={row.checkedIn} label="Checked in" />
                  </TableCell>
                  <TableCell sx={{ minWidth: 110, maxWidth: 220, overflowWrap: 'anywhere' }}>
                    {row.notes}
                  </TableCell>
                  <TableCell>
                    <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
                      <RowCustody row={row} />
                      <RowLinks row={row} />
                    </Stack>
                  </TableCell>
                </TableRow>
              )),
            ),
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
