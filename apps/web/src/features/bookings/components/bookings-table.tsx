import PaymentOutlinedIcon from '@mui/icons-material/PaymentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/components/visually-hidden';
import type { ReactNode } from 'react';
import { formatAud } from '@parking/domain/money';
import { StatusDot } from '@/components/status-dot';
import { manageBookingHref } from '@/config/paths';
import { formatDateTime, formatMoneyText } from '@/lib/format';
import {
  balanceToPay,
  type BookingSort,
  type BookingSortField,
  type MyBooking,
} from '../api/get-my-bookings';
import { paymentStatusDot, travellerStatusDot } from '@/lib/booking-status';

interface BookingsListProps {
  bookings: readonly MyBooking[];
  loading: boolean;
  sort: BookingSort;
  onSortChange: (sort: BookingSort) => void;
  onOpen: (booking: MyBooking) => void;
  /** Cards instead of a table, for phones. */
  compact: boolean;
  /** Rows of skeleton while the first page loads. */
  skeletonRows?: number;
  /** The moment the stays are placed against (Upcoming, Parked now, Past). */
  now: Date;
}

interface Column {
  label: string;
  sortField?: BookingSortField;
  align?: 'right';
  cell: (booking: MyBooking, now: Date) => ReactNode;
}

/** The payment's status and, when something is owing, how much and a way to pay it. */
function PaymentCell({ booking }: { booking: MyBooking }) {
  const owed = balanceToPay(booking);
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
      <StatusDot {...paymentStatusDot(booking.paymentStatus, booking.amountPaid)} />
      {owed > 0 && (
        <Box component="span" sx={{ typography: 'body2', whiteSpace: 'nowrap' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {formatAud(owed)} to pay
          </Box>
          {' · '}
          <Link
            href={manageBookingHref(booking.id)}
            onClick={(event) => event.stopPropagation()}
            aria-label={`Pay now, booking ${booking.bookingCode}`}
            sx={{ fontWeight: 600 }}
          >
            Pay now
          </Link>
        </Box>
      )}
    </Stack>
  );
}

const columns: Column[] = [
  { label: 'Booking code', sortField: 'bookingCode', cell: (booking) => booking.bookingCode },
  { label: 'Drop-off', sortField: 'startDatetime', cell: (booking) => formatDateTime(booking.startDatetime) },
  { label: 'Pick-up', sortField: 'endDatetime', cell: (booking) => formatDateTime(booking.endDatetime) },
  { label: 'Car park', cell: (booking) => booking.lotName },
  { label: 'Vehicle rego', cell: (booking) => booking.rego },
  {
    label: 'Total (AUD)',
    sortField: 'totalCost',
    align: 'right',
    cell: (booking) => formatMoneyText(booking.totalCost),
  },
  {
    label: 'Status',
    sortField: 'status',
    cell: (booking, now) => <StatusDot {...travellerStatusDot(booking, now)} />,
  },
  { label: 'Payment', cell: (booking) => <PaymentCell booking={booking} /> },
];

const SORT_CHOICES: { label: string; sort: BookingSort }[] = [
  { label: 'Newest booking first', sort: { field: 'created', direction: 'desc' } },
  { label: 'Oldest booking first', sort: { field: 'created', direction: 'asc' } },
  { label: 'Drop-off, latest first', sort: { field: 'startDatetime', direction: 'desc' } },
  { label: 'Drop-off, earliest first', sort: { field: 'startDatetime', direction: 'asc' } },
  { label: 'Total, highest first', sort: { field: 'totalCost', direction: 'desc' } },
  { label: 'Total, lowest first', sort: { field: 'totalCost', direction: 'asc' } },
];
const sortKey = (sort: BookingSort) => `${sort.direction === 'desc' ? '-' : ''}${sort.field}`;

/** The customer's bookings: a sortable table on wide screens, a list of cards on phones. */
export function BookingsList(props: BookingsListProps) {
  return props.compact ? <BookingCards {...props} /> : <BookingsTable {...props} />;
}

function BookingsTable({
  bookings,
  loading,
  sort,
  onSortChange,
  onOpen,
  now,
  skeletonRows = 5,
}: BookingsListProps) {
  const toggle = (field: BookingSortField) =>
    onSortChange({ field, direction: sort.field === field && sort.direction === 'asc' ? 'desc' : 'asc' });
  const showSkeleton = loading && bookings.length === 0;

  return (
    <TableContainer>
      <Table aria-label="My bookings" sx={{ minWidth: 900 }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.label}
                align={column.align}
                sortDirection={column.sortField && sort.field === column.sortField ? sort.direction : false}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                {column.sortField ? (
                  <TableSortLabel
                    active={sort.field === column.sortField}
                    direction={sort.field === column.sortField ? sort.direction : 'asc'}
                    onClick={() => column.sortField && toggle(column.sortField)}
                  >
                    {column.label}
                    {sort.field === column.sortField && (
                      <Box component="span" sx={visuallyHidden}>
                        {sort.direction === 'desc' ? 'sorted descending' : 'sorted ascending'}
                      </Box>
                    )}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody sx={{ opacity: loading && !showSkeleton ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {showSkeleton
            ? Array.from({ length: skeletonRows }, (_, row) => (
                <TableRow key={row}>
                  {columns.map((column) => (
                    <TableCell key={column.label}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : bookings.map((booking) => (
                <TableRow
                  key={booking.id}
                  hover
                  onClick={() => onOpen(booking)}
                  sx={{ cursor: 'pointer', '&:last-child td': { borderBottom: 0 } }}
                >
                  {columns.map((column, index) => (
                    <TableCell key={column.label} align={column.align} sx={{ whiteSpace: 'nowrap' }}>
                      {index === 0 ? (
                        // The row opens on a click anywhere; this button makes it reachable by keyboard.
                        <Link
                          component="button"
                          type="button"
                          onClick={(event) => {
                            event.stopPropagation();
                            onOpen(booking);
                          }}
                          aria-label={`View booking ${booking.bookingCode}`}
                          sx={{ fontWeight: 600, fontFamily: 'inherit', fontSize: 'inherit' }}
                        >
                          {booking.bookingCode}
                        </Link>
                      ) : (
                        column.cell(booking, now)
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function BookingCards({
  bookings,
  loading,
  sort,
  onSortChange,
  onOpen,
  now,
  skeletonRows = 3,
}: BookingsListProps) {
  const showSkeleton = loading && bookings.length === 0;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Sort by"
        value={sortKey(sort)}
        onChange={(event) => {
          const choice = SORT_CHOICES.find((item) => sortKey(item.sort) === event.target.value);
          if (choice) onSortChange(choice.sort);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        size="small"
      >
        {!SORT_CHOICES.some((choice) => sortKey(choice.sort) === sortKey(sort)) && (
          <option value={sortKey(sort)}>Custom order</option>
        )}
        {SORT_CHOICES.map((choice) => (
          <option key={sortKey(choice.sort)} value={sortKey(choice.sort)}>
            {choice.label}
          </option>
        ))}
      </TextField>
      <Stack
        component="ul"
        spacing={2}
        aria-label="My bookings"
        sx={{ listStyle: 'none', p: 0, m: 0, opacity: loading && !showSkeleton ? 0.6 : 1 }}
      >
        {showSkeleton
          ? Array.from({ length: skeletonRows }, (_, index) => (
              <li key={index}>
                <Skeleton variant="rounded" height={148} />
              </li>
            ))
          : bookings.map((booking) => (
              <BookingCard key={booking.id} booking={booking} now={now} onOpen={onOpen} />
            ))}
      </Stack>
    </Stack>
  );
}

function BookingCard({
  booking,
  now,
  onOpen,
}: {
  booking: MyBooking;
  now: Date;
  onOpen: (booking: MyBooking) => void;
}) {
  const owed = balanceToPay(booking);
  return (
    <li>
      <Card>
        <CardActionArea
          onClick={() => onOpen(booking)}
          aria-label={`View booking ${booking.bookingCode}`}
          aria-describedby={`booking-card-${booking.id}`}
        >
          <Box id={`booking-card-${booking.id}`} sx={{ p: 2, display: 'grid', gap: 1 }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
            >
              <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{booking.bookingCode}</Typography>
              <Box sx={{ typography: 'body2', fontWeight: 600 }}>
                <StatusDot {...travellerStatusDot(booking, now)} />
              </Box>
            </Stack>
            <Typography variant="body2">
              <strong>Drop-off</strong> {formatDateTime(booking.startDatetime)}
            </Typography>
            <Typography variant="body2">
              <strong>Pick-up</strong> {formatDateTime(booking.endDatetime)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {booking.lotName} · {booking.rego}
            </Typography>
            <Stack
              direction="row"
              spacing={2}
              sx={{
                typography: 'body2',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                alignItems: 'baseline',
              }}
            >
              <StatusDot {...paymentStatusDot(booking.paymentStatus, booking.amountPaid)} />
              <Typography sx={{ fontWeight: 700 }}>{formatMoneyText(booking.totalCost)}</Typography>
            </Stack>
          </Box>
        </CardActionArea>
        {owed > 0 && (
          <>
            <Divider />
            <Stack
              direction="row"
              spacing={2}
              sx={{ px: 2, py: 1.25, justifyContent: 'space-between', alignItems: 'center' }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatAud(owed)} to pay
              </Typography>
              <Button
                href={manageBookingHref(booking.id)}
                size="small"
                variant="contained"
                startIcon={<PaymentOutlinedIcon />}
                aria-label={`Pay now, booking ${booking.bookingCode}`}
              >
                Pay now
              </Button>
            </Stack>
          </>
        )}
      </Card>
    </li>
  );
}
