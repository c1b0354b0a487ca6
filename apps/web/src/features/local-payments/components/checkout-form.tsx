import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CardInput } from '@parking/domain/cards';
import { messages } from '@parking/domain/messages';
import { useState, type FormEvent } from 'react';
import { CardFields, cardComplete, EMPTY_CARD } from '@/components/card-fields';
import { site } from '@/config/site';
import { firstErrorDetail } from '@/lib/api/client';
import { billingPeriod } from '@/lib/billing';
import { formatMoneyText } from '@/lib/format';
import { ownSitePath } from '@/lib/payment-pages';
import { redirectTo } from '@/lib/redirect';
import { useCompleteLocalCheckout, type LocalCheckoutSession } from '../api/local-checkout';
import { TestCardsNote } from '@/components/payment/test-cards-note';

interface CheckoutFormProps {
  session: LocalCheckoutSession;
  /** For the expiry check; today by default. */
  today?: Date;
}

/**
 * Checkout's payment side: the customer's email, the card, and Subscribe. Field errors show as the card
 * is typed; a card the issuer refuses shows the issuer's words ("Your card was declined."). Paid, the
 * browser goes to the session's success URL, as Stripe's Checkout would send it.
 */
export function CheckoutForm({ session, today }: CheckoutFormProps) {
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [submitted, setSubmitted] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const complete = useCompleteLocalCheckout(session.id);
  const busy = complete.isPending || leaving;
  const amount = formatMoneyText(session.amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || !cardComplete(card, today ?? new Date())) return;
    complete.mutate(card, {
      onSuccess: ({ successUrl }) => {
        setLeaving(true);
        redirectTo(ownSitePath(successUrl || session.successUrl));
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="pay-with-card">
      <Typography id="pay-with-card" variant="h4" component="h2" sx={{ mb: 2.5 }}>
        Pay with card
      </Typography>
      {session.email && (
        <Box sx={{ mb: 2.5 }}>
          <Typography variant="body2" color="text.secondary">
            Email
          </Typography>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{session.email}</Typography>
        </Box>
      )}
      <TestCardsNote />
      <CardFields
        value={card}
        onChange={(next) => {
          setCard(next);
          if (complete.isError) complete.reset();
        }}
        showAllErrors={submitted}
        disabled={busy}
        today={today}
      />
      {complete.isError && (
        <Alert severity="error" sx={{ mt: 2.5 }}>
          {firstErrorDetail(complete.error, messages.unknownError)}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <LockOutlinedIcon />}
        sx={{ mt: 3, py: 1.5, fontSize: '1.0625rem' }}
      >
        {busy ? 'Processing…' : 'Subscribe'}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        By subscribing, you allow {site.name} to charge your card {amount} now and{' '}
        {billingPeriod(session.interval, session.intervalCount)} until you cancel. You can cancel at any time
        from your profile.
      </Typography>
      <Box sx={{ mt: 2.5, textAlign: 'center' }}>
        <Link component="a" href={ownSitePath(session.cancelUrl)} sx={{ fontWeight: 600 }}>
          Cancel and return to {site.wordmark}
        </Link>
      </Box>
    </Box>
  );
}
