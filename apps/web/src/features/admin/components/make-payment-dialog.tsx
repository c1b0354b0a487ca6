import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { PaymentAttributes } from '@parking/domain/api-contract/payments';
import { moneyAmount } from '@parking/domain/numbers';
import { messages } from '@parking/domain/messages';
import { LocalCardPayment } from '@/components/payment/local-card-payment';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { apiRequest, firstErrorDetail } from '@/lib/api/client';
import { writeDocument, type SingleDocument } from '@/lib/api/jsonapi';
import { paymentConfigQuery } from '@/lib/api/payments';
import { formatMoneyText } from '@/lib/format';

// Stripe's libraries load only when the server takes payments through Stripe.
const StripeCardPayment = lazy(() => import('@/components/payment/stripe-card-payment'));

interface Props {
  open: boolean;
  bookingId: string;
  /** What is still owed: total cost less the amount paid. */
  due: string;
  billing: { email: string; name: string; phone: string };
  onClose: () => void;
  onPaid: (amount: string) => void;
}

/**
 * Make Payment (back-office §4, §7, §8): the amount (at most what is owed), then the card form of the
 * server's payment provider for a payment the server opens (POST payments → clientSecret). Errors show
 * inside the dialog: the API's first detail, the card provider's message, or the card fields' own.
 */
export function MakePaymentDialog({ open, bookingId, due, billing, onClose, onPaid }: Props) {
  const [amount, setAmount] = useState(due);
  const [amountError, setAmountError] = useState('');
  const config = useQuery({ ...paymentConfigQuery, enabled: open });
  const start = useMutation({
    mutationFn: async (value: string) => {
      const answer = await apiRequest<SingleDocument<PaymentAttributes>>('payments', {
        method: 'POST',
        body: writeDocument(
          'payments',
          { amount: value },
          { relationships: { booking: { type: 'bookings', id: bookingId } } },
        ),
      });
      if (!answer.data.attributes.clientSecret)
        throw new Error('The payment could not be opened. Please try again.');
      return answer.data.attributes;
    },
  });

  const continueToCard = () => {
    const parsed = moneyAmount(messages.invalidAmount).safeParse(amount);
    if (!parsed.success) return setAmountError(parsed.error.issues[0]?.message ?? messages.invalidAmount);
    if (Number(parsed.data) <= 0) return setAmountError(messages.positiveNumber);
    if (Number(parsed.data) > Number(due))
      return setAmountError(`The amount due is ${formatMoneyText(due)}.`);
    setAmountError('');
    start.mutate(parsed.data);
  };

  const payment = start.data;
  const shownAmount = formatMoneyText(payment?.amount ?? amount);
  const confirmLabel = `The cardholder has authorised the payment of ${shownAmount}.`;

  return (
    <ResponsiveDialog open={open} onClose={onClose} title="Make Payment" maxWidth={560} fullScreenBelow={600}>
      <DialogContent>
        {!payment ? (
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              continueToCard();
            }}
          >
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Owing: <strong>{formatMoneyText(due)}</strong>. Take the whole amount or a part of it by card.
            </Typography>
            {start.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {firstErrorDetail(start.error, start.error.message || messages.unknownError)}
              </Alert>
            )}
            <TextField
              label="Amount"
              name="amount"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(amountError)}
              helperText={amountError || ' '}
              inputMode="decimal"
              slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
              fullWidth
              autoFocus
            />
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
              <Button onClick={onClose}>Cancel</Button>
              <Button
                type="submit"
                variant="contained"
                disabled={start.isPending}
                startIcon={
                  start.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
                }
              >
                Continue to card
              </Button>
            </Box>
          </Box>
        ) : config.isPending ? (
          <Skeleton variant="rounded" height={160} role="progressbar" aria-label="Loading the card form" />
        ) : config.data?.provider === 'stripe' && config.data.publishableKey ? (
          <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
            <StripeCardPayment
              publishableKey={config.data.publishableKey}
              clientSecret={payment.clientSecret ?? ''}
              amount={shownAmount}
              billing={billing}
              confirmLabel={confirmLabel}
              onPaid={() => onPaid(payment.amount)}
            />
          </Suspense>
        ) : (
          <LocalCardPayment
            clientSecret={payment.clientSecret ?? ''}
            amount={shownAmount}
            confirmLabel={confirmLabel}
            onPaid={() => onPaid(payment.amount)}
          />
        )}
      </DialogContent>
    </ResponsiveDialog>
  );
}
