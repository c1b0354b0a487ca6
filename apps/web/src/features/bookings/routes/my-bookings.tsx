import AddIcon from '@mui/icons-material/Add';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { messages } from '@parking/domain/messages';
import { PageSection } from '@/components/page-section';
import { paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/auth-context';
import { usePageTitle } from '@/lib/page-title';
import {
  myBookingsQuery,
  VIEW_SORT,
  type BookingSort,
  type BookingsView,
  type MyBooking,
} from '../api/get-my-bookings';
import { BookingDialog } from '../components/booking-dialog';
import { BookingsList } from '../components/bookings-table';
import { UnconfirmedEmailNotice } from '../components/unconfirmed-email-notice';

const PAGE_SIZES = [10, 25, 50];

const VIEWS: { value: BookingsView; label: string; empty: string }[] = [
  { value: 'current', label: 'Upcoming', empty: 'You have no upcoming bookings.' },
  { value: 'past', label: 'Past', empty: 'You have no past bookings.' },
  { value: 'all', label: 'All', empty: 'You have no bookings yet.' },
];

/** /bookings, My Bookings (public-site §2): visible once the email is confirmed (public-site §6). */
export function MyBookingsPage() {
  usePageTitle(paths.bookings.title);
  const { user, customer } = useAuth();
  const quoteButton = (
    <Button href={paths.bookingStep1.path} variant="contained" startIcon={<AddIcon />}>
      Get a quote
    </Button>
  );

  // The route guard lets only signed-in users this far.
  if (!user) return null;

  return (
    <PageSection
      title="My Bookings"
      intro="Your parking bookings: what is coming up, where your car is now, and what is left to pay. Select one for its details and tax invoice."
      action={quoteButton}
    >
      {!user.emailConfirmed ? (
        <UnconfirmedEmailNotice email={user.email} />
      ) : customer ? (
        <BookingsPanel customerId={customer.id} />
      ) : (
        <EmptyBookings />
      )}
    </PageSection>
  );
}

/**
 * Upcoming (stays not over yet, parked now included, soonest first), Past or All, then the list. A stay
 * is placed against the moment the page opened, so that paging does not shift under the traveller.
 */
function BookingsPanel({ customerId }: { customerId: string }) {
  const [view, setView] = useState<BookingsView>('current');
  const [now] = useState(() => new Date());
  return (
    <Stack spacing={2}>
      <Tabs
        value={view}
        onChange={(_event, next: BookingsView) => setView(next)}
        aria-label="Which bookings"
        variant="fullWidth"
        sx={{ maxWidth: 480, borderBottom: 1, borderColor: 'divider' }}
      >
        {VIEWS.map((item) => (
          <Tab
            key={item.value}
            value={item.value}
            label={item.label}
            id={`bookings-tab-${item.value}`}
            aria-controls="bookings-panel"
          />
        ))}
      </Tabs>
      <Box id="bookings-panel" role="tabpanel" aria-labelledby={`bookings-tab-${view}`}>
        {/* A fresh list per view: its own order and first page. */}
        <BookingsViewList
          key={view}
          customerId={customerId}
          view={view}
          now={now}
          onShowPast={() => setView('past')}
        />
      </Box>
    </Stack>
  );
}

interface ViewListProps {
  customerId: string;
  view: BookingsView;
  now: Date;
  onShowPast: () => void;
}

function BookingsViewList({ customerId, view, now, onShowPast }: ViewListProps) {
  const compact = useMediaQuery('(max-width: 899.95px)');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const [sort, setSort] = useState<BookingSort>(VIEW_SORT[view]);
  const [selected, setSelected] = useState<MyBooking | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const query = useQuery(myBookingsQuery({ customerId, view, now: now.toISOString(), page, pageSize, sort }));
  // Nothing coming up: a traveller who has never booked is told so, not offered past bookings they lack.
  const nothingUpcoming = view === 'current' && query.isSuccess && query.data.pagination.count === 0;
  const anyBooking = useQuery({
    ...myBookingsQuery({
      customerId,
      view: 'all',
      now: now.toISOString(),
      page: 1,
      pageSize: 1,
      sort: VIEW_SORT.all,
    }),
    enabled: nothingUpcoming,
  });

  if (query.isError && !query.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {firstErrorDetail(query.error, messages.unknownError)}
      </Alert>
    );
  }

  const bookings = query.data?.bookings ?? [];
  const count = query.data?.pagination.count ?? 0;
  const neverBooked = nothingUpcoming && anyBooking.isSuccess && anyBooking.data.pagination.count === 0;
  if (query.isSuccess && count === 0 && !(nothingUpcoming && anyBooking.isPending)) {
    return (
      <EmptyBookings
        message={neverBooked ? undefined : VIEWS.find((item) => item.value === view)?.empty}
        action={
          view === 'current' && !neverBooked ? (
            <Button onClick={onShowPast} size="large">
              Show past bookings
            </Button>
          ) : undefined
        }
      />
    );
  }

  return (
    <>
      <Card sx={compact ? { border: 0, bgcolor: 'transparent', overflow: 'visible' } : undefined}>
        <BookingsList
          bookings={bookings}
          loading={query.isFetching || (nothingUpcoming && anyBooking.isPending)}
          sort={sort}
          onSortChange={(next) => {
            setSort(next);
            setPage(1);
          }}
          onOpen={(booking) => {
            setSelected(booking);
            setDialogOpen(true);
          }}
          compact={compact}
          now={now}
        />
        <TablePagination
          component="div"
          count={count}
          page={Math.max(0, page - 1)}
          onPageChange={(_event, next) => setPage(next + 1)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(1);
          }}
          labelRowsPerPage={compact ? 'Per page' : 'Rows per page'}
        />
      </Card>
      <BookingDialog booking={selected} open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}

function EmptyBookings({
  message = 'You have no bookings yet.',
  action,
}: {
  message?: string | undefined;
  action?: ReactNode;
}) {
  return (
    <Card>
      <Box sx={{ textAlign: 'center', px: 3, py: { xs: 6, md: 8 } }}>
        <EventNoteOutlinedIcon aria-hidden sx={{ fontSize: 48, color: 'primary.light', mb: 2 }} />
        <Typography variant="h4" component="h2" gutterBottom>
          {message}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Get a quote for your dates and book indoor or outdoor parking in a few minutes.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'center', alignItems: 'center' }}
        >
          <Button href={paths.bookingStep1.path} variant="contained" size="large">
            Get a quote
          </Button>
          {action}
        </Stack>
      </Box>
    </Card>
  );
}
