import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@parking/domain/messages';
import { lazy, Suspense, useRef } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import { paymentConfigQuery } from '@/lib/api/payments';
import { money } from '../components/formatting';
import { LeavePaymentDialog } from '../components/leave-payment-dialog';
import { LocalCardPayment } from '@/components/payment/local-card-payment';
import { useWizard } from '../state/wizard-context';
import { stepPath } from '../state/wizard-state';

// Stripe's libraries load only when the server takes payments through Stripe.
const StripeWalletPayment = lazy(() => import('@/components/payment/stripe-wallet-payment'));

export const MISSING_SECRET_TEXT = 'Something went wrong when creating your booking.';

function CardFormSkeleton() {
  return (
    <Stack spacing={2} role="progressbar" aria-busy="true" aria-label="Loading the card form">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={42} width="70%" />
      <Skeleton variant="rounded" height={52} />
    </Stack>
  );
}

/**
 * Step 7, Payment Details (public-site §2, §4): the card form of the server's payment provider for the
 * saved booking. Only a confirmed payment leads to step 8; leaving any other way asks first.
 */
export function PaymentStepPage() {
  const { state, complete } = useWizard();
  const navigate = useNavigate();
  const config = useQuery(paymentConfigQuery);
  const booking = state.booking;
  const paid = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !paid.current && Boolean(booking?.clientSecret) && currentLocation.pathname !== nextLocation.pathname,
  );

  if (!booking?.clientSecret) {
    return (
      <Alert
        severity="error"
        icon={<ErrorOutlineIcon />}
        action={
          <Button href={paths.home.path} color="inherit" size="small">
            Back to home
          </Button>
        }
      >
        {MISSING_SECRET_TEXT}
      </Alert>
    );
  }

  const clientSecret = booking.clientSecret;
  const amount = money(booking.totalCost);
  const onPaid = () => {
    paid.current = true;
    // The server confirmed the payment of the whole amount due before onPaid is called.
    complete(7, (current) => ({
      ...current,
      finished: true,
      booking: current.booking && {
        ...current.booking,
        status: 'complete',
        amountPaid: current.booking.totalCost,
      },
    }));
    void navigate(stepPath(8));
  };
  const details = state.details;

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: 2,
          mb: 3,
          p: 2.5,
          borderRadius: 3,
          bgcolor: 'rgba(15, 45, 82, 0.05)',
        }}
      >
        <div>
          <Typography sx={{ fontWeight: 600 }}>Amount to pay</Typography>
          <Typography variant="body2" color="text.secondary">
            Booking {booking.bookingCode}, GST included
          </Typography>
        </div>
        <Typography
          component="p"
          sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, fontWeight: 700, lineHeight: 1 }}
        >
          {amount}
        </Typography>
      </Box>

      {config.isPending ? (
        <CardFormSkeleton />
      ) : config.isError ? (
        <Alert severity="error">{firstErrorDetail(config.error, messages.unknownError)}</Alert>
      ) : config.data.provider === 'stripe' && config.data.publishableKey ? (
        <Suspense fallback={<CardFormSkeleton />}>
          <StripeWalletPayment
            publishableKey={config.data.publishableKey}
            clientSecret={clientSecret}
            amount={amount}
            billing={{
              email: details?.email ?? booking.email,
              name: details ? `${details.firstName} ${details.lastName}` : '',
              phone: details?.phoneNumber ?? '',
            }}
            onPaid={onPaid}
          />
        </Suspense>
      ) : (
        <LocalCardPayment clientSecret={clientSecret} amount={amount} onPaid={onPaid} />
      )}

      <LeavePaymentDialog
        open={blocker.state === 'blocked'}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </Box>
  );
}
