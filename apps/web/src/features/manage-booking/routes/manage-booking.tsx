import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import PaymentOutlinedIcon from '@mui/icons-material/PaymentOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { BalancePaymentAttributes } from '@parking/domain/api-contract/manage-booking';
import { manageMessages } from '@parking/domain/manage-booking';
import { messages } from '@parking/domain/messages';
import { PageSection } from '@/components/page-section';
import { paths } from '@/config/paths';
import { firstErrorDetail, hasErrorCode, isNotFound } from '@/lib/api/client';
import { formatDateTime, formatMoneyText } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { YourCar } from '@/components/custody/your-car';
import { AddToWallet } from '@/components/wallet/add-to-wallet';
import {
  cancelBooking,
  forgetAccess,
  headersFor,
  keepBooking,
  managedBookingQuery,
  openBalancePayment,
  openEmailedLink,
  type ManagedBooking,
} from '../api/manage-booking';
import { BookingSummary } from '../components/booking-summary';
import { CancelBookingDialog } from '../components/cancel-booking-dialog';
import { CardPayment } from '../components/card-payment';
import { ChangeBookingForm } from '../components/change-booking-form';
import { ExtendStayForm } from '../components/extend-stay-form';
import { FindBookingForm } from '../components/find-booking-form';
import { PendingChange } from '../components/pending-change';
import { YourReturn } from '../components/your-return';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography id={id} variant="h4" component="h2" sx={{ mb: 2.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /manage-booking: a guest finds a booking with its code and email; a customer arrives from My Bookings
 * with ?booking={id}. Then change it, pay what is owing, or cancel it, up to the cut-off.
 */
export function ManageBookingPage() {
  usePageTitle(paths.manageBooking.title);
  const [search, setSearch] = useSearchParams();
  const bookingId = search.get('booking');
  const token = search.get('token');
  const code = search.get('code') ?? '';
  const open = (id: string) => setSearch({ booking: id }, { replace: true });

  return (
    <PageSection
      title="Manage my booking"
      intro="Change your dates, flights or car, pay what is owing, or cancel."
      maxWidth="md"
    >
      {bookingId && token ? (
        <EmailedLink bookingId={bookingId} token={token} code={code} onOpened={open} />
      ) : bookingId ? (
        <ManagedBookingView bookingId={bookingId} onLostAccess={() => setSearch({})} />
      ) : (
        <Panel title="Find your booking">
          <FindBookingForm bookingCode={code} onFound={open} />
        </Panel>
      )}
    </PageSection>
  );
}

/**
 * The link of a booking's emails: its signed token is exchanged for this tab's access to the booking,
 * which then opens without its code and email; a link that has expired leaves the code filled in.
 */
function EmailedLink({
  bookingId,
  token,
  code,
  onOpened,
}: {
  bookingId: string;
  token: string;
  code: string;
  onOpened: (bookingId: string) => void;
}) {
  const exchange = useQuery({
    queryKey: ['manage-booking-link', bookingId, token],
    queryFn: () => openEmailedLink({ bookingId, token }),
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    // The token leaves the address once used: it is not kept in the history or shared by a copied link.
    if (exchange.data) onOpened(exchange.data);
  }, [exchange.data, onOpened]);
  if (exchange.isError) {
    return (
      <Panel title="Find your booking">
        <FindBookingForm
          bookingCode={code}
          notice={firstErrorDetail(exchange.error, manageMessages.linkExpired)}
          onFound={onOpened}
        />
      </Panel>
    );
  }
  return <Skeleton variant="rounded" height={320} role="progressbar" aria-label="Opening your booking" />;
}

function ManagedBookingView({ bookingId, onLostAccess }: { bookingId: string; onLostAccess: () => void }) {
  const queryClient = useQueryClient();
  const query = useQuery(managedBookingQuery(bookingId));
  const [outcome, setOutcome] = useState('');
  const [payment, setPayment] = useState<BalancePaymentAttributes | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [, setSearch] = useSearchParams();

  const refresh = (booking?: ManagedBooking) => {
    if (booking) queryClient.setQueryData(managedBookingQuery(bookingId).queryKey, booking);
    void queryClient.invalidateQueries({ queryKey: ['manage-booking', bookingId] });
    void queryClient.invalidateQueries({ queryKey: ['bookings'] });
  };
  const cancel = useMutation({
    mutationFn: () => cancelBooking(bookingId),
    onSuccess: (answer) => {
      setCancelOpen(false);
      setOutcome(
        Number(answer.refunded) > 0
          ? `Your booking has been cancelled. ${formatMoneyText(answer.refunded)} has been refunded to your card.`
          : 'Your booking has been cancelled.',
      );
      refresh(answer);
    },
  });
  const keep = useMutation({
    mutationFn: () => keepBooking(bookingId),
    onSuccess: (answer) => {
      setOutcome('Your booking stays as it was: the change has been dropped and nothing more is due.');
      refresh(answer);
    },
  });
  const balance = useMutation({
    mutationFn: () => openBalancePayment(bookingId),
    onSuccess: (answer) => setPayment(answer),
  });

  if (query.isPending)
    return <Skeleton variant="rounded" height={320} role="progressbar" aria-label="Loading your booking" />;
  if (query.isError) {
    // Not (or no longer) allowed to see it: the look-up by code and email.
    if (hasErrorCode(query.error, 'permission_denied')) {
      return (
        <Panel title="Find your booking">
          <FindBookingForm
            notice={firstErrorDetail(query.error, manageMessages.linkExpired)}
            onFound={(id) => {
              setSearch({ booking: id });
              void query.refetch();
            }}
          />
        </Panel>
      );
    }
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            onClick={() => {
              forgetAccess();
              onLostAccess();
            }}
          >
            Find another booking
          </Button>
        }
      >
        {isNotFound(query.error) ? 'Booking not found' : firstErrorDetail(query.error, messages.unknownError)}
      </Alert>
    );
  }

  const booking = query.data;
  const billing = {
    email: booking.email,
    name: `${booking.firstName} ${booking.lastName}`.trim(),
    phone: '',
  };
  const due = Number(booking.amountDue) > 0;
  const pending = booking.status === 'cancelled' ? null : booking.pendingChange;

  return (
    <Stack spacing={3}>
      {outcome && (
        <Alert severity="success" role="status" onClose={() => setOutcome('')}>
          {outcome}
        </Alert>
      )}
      <Panel title={`Booking ${booking.bookingCode}`}>
        <BookingSummary booking={booking} />
        {booking.status !== 'cancelled' && (
          <Box sx={{ mt: 2 }}>
            <AddToWallet
              path={`manage-bookings/${booking.id}/wallet-links`}
              headers={headersFor(booking.id)}
              bookingCode={booking.bookingCode}
            />
          </Box>
        )}
      </Panel>
      {booking.status !== 'cancelled' && <YourCar bookingId={booking.id} headers={headersFor(booking.id)} />}
      {booking.status === 'complete' && booking.endDatetime && <YourReturn bookingId={booking.id} />}

      {booking.status === 'cancelled' ? (
        <Alert severity="info" icon={<EventBusyOutlinedIcon />}>
          {manageMessages.alreadyCancelled}
        </Alert>
      ) : booking.canExtend ? null : !booking.canManage ? (
        <Alert severity="info">{manageMessages.pastCutoff(booking.cutoffHours)}</Alert>
      ) : (
        <Typography color="text.secondary">
          You can change or cancel this booking online until {formatDateTime(booking.cutoffDatetime)}.
        </Typography>
      )}

      {pending && (
        <Panel title="Your change waiting for payment">
          <PendingChange
            booking={booking}
            change={pending}
            now={new Date()}
            billing={billing}
            onPaid={() => {
              setOutcome(
                `Thank you: your payment of ${formatMoneyText(pending.amountDue)} has been received and your booking changed.`,
              );
              refresh();
            }}
            onKeep={() => keep.mutate()}
            keeping={keep.isPending}
            keepError={keep.isError ? firstErrorDetail(keep.error, messages.unknownError) : ''}
          />
        </Panel>
      )}

      {payment ? (
        <Panel title="Pay by card">
          <Typography sx={{ mb: 2 }}>Amount to pay: {formatMoneyText(payment.amount)}</Typography>
          <CardPayment
            clientSecret={payment.clientSecret}
            amount={formatMoneyText(payment.amount)}
            billing={billing}
            onPaid={() => {
              setPayment(null);
              setOutcome(`Thank you: your payment of ${formatMoneyText(payment.amount)} has been received.`);
              refresh();
            }}
          />
        </Panel>
      ) : (
        booking.status !== 'cancelled' &&
        due && (
          <Panel title="Pay what is owing">
            {balance.isError && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {firstErrorDetail(balance.error, messages.unknownError)}
              </Alert>
            )}
            <Typography sx={{ mb: 2 }}>
              {formatMoneyText(booking.amountDue)} is still to pay on this booking.
            </Typography>
            <Button
              variant="contained"
              onClick={() => balance.mutate()}
              disabled={balance.isPending}
              startIcon={
                balance.isPending ? (
                  <CircularProgress size={16} color="inherit" aria-hidden />
                ) : (
                  <PaymentOutlinedIcon />
                )
              }
            >
              Pay {formatMoneyText(booking.amountDue)} now
            </Button>
          </Panel>
        )
      )}

      {booking.canManage && !payment && !pending && (
        <Panel title="Change your booking">
          <ChangeBookingForm
            key={`${booking.startDatetime}-${booking.endDatetime ?? ''}-${booking.totalCost}`}
            booking={booking}
            onSaved={(answer) => {
              refresh(answer);
              if (answer.changePending) {
                // The change and its payment show in their own panel (answer.pendingChange), with the way back.
                setOutcome('');
              } else if (answer.clientSecret && Number(answer.amountDue) > 0) {
                setOutcome('Your booking has been changed. Please pay the difference below.');
                setPayment({ clientSecret: answer.clientSecret, amount: answer.amountDue });
              } else {
                setOutcome(
                  Number(answer.refunded) > 0
                    ? `Your booking has been changed. ${formatMoneyText(answer.refunded)} has been refunded to your card.`
                    : 'Your booking has been changed.',
                );
              }
            }}
          />
        </Panel>
      )}

      {booking.canExtend && !payment && !pending && (
        <Panel title="Extend your stay">
          <ExtendStayForm
            key={`${booking.endDatetime ?? ''}-${booking.totalCost}`}
            booking={booking}
            onSaved={(answer) => {
              refresh(answer);
              // A later pick-up costs more: it waits for its payment in its own panel (answer.pendingChange).
              setOutcome(answer.changePending ? '' : 'Your pick-up has been moved.');
            }}
          />
        </Panel>
      )}

      {booking.canManage && (
        <Panel title="Cancel your booking">
          <Typography sx={{ mb: 2 }}>
            {Number(booking.cancellationRefund ?? '0') > 0
              ? `If you cancel now, ${formatMoneyText(booking.cancellationRefund)} will be refunded to your card.`
              : 'If you cancel now, no refund is due.'}
          </Typography>
          <Button
            variant="outlined"
            color="error"
            startIcon={<EventBusyOutlinedIcon />}
            onClick={() => setCancelOpen(true)}
          >
            Cancel booking
          </Button>
          <CancelBookingDialog
            booking={booking}
            open={cancelOpen}
            pending={cancel.isPending}
            error={cancel.isError ? firstErrorDetail(cancel.error, messages.unknownError) : ''}
            onClose={() => setCancelOpen(false)}
            onConfirm={() => cancel.mutate()}
          />
        </Panel>
      )}
    </Stack>
  );
}
