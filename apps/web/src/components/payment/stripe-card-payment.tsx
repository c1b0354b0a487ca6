import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState } from 'react';
import { confirmPayment } from '@/lib/api/payments';
import { PaymentShell } from './payment-shell';
import { stripeFor } from './stripe-loader';

export interface StripeCardPaymentProps {
  publishableKey: string;
  clientSecret: string;
  amount: string;
  billing: { email: string; name: string; phone: string };
  onPaid: () => void;
  confirmLabel?: string;
}

function StripeCardFields({
  clientSecret,
  amount,
  billing,
  onPaid,
  confirmLabel,
}: Omit<StripeCardPaymentProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState('');
  const [complete, setComplete] = useState(false);
  const [touched, setTouched] = useState(false);

  return (
    <PaymentShell
      amount={amount}
      confirmLabel={confirmLabel}
      validate={() => {
        setTouched(true);
        return complete && !cardError && stripe !== null;
      }}
      pay={async () => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new Error('The card form is still loading. Please try again.');
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: {
            card,
            billing_details: { email: billing.email, name: billing.name, phone: billing.phone },
          },
        });
        if (result.error) throw new Error(result.error.message ?? 'Your card could not be charged.');
        await confirmPayment(clientSecret);
      }}
      onPaid={onPaid}
    >
      <Typography
        component="label"
        variant="body2"
        color="text.secondary"
        sx={{ display: 'block', mb: 0.75 }}
      >
        Card details
      </Typography>
      <Box
        sx={{
          p: 1.75,
          border: 1,
          borderColor: cardError && touched ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
          borderRadius: 2.5,
        }}
      >
        <CardElement
          options={{
            hidePostalCode: true,
            style: {
              base: { fontSize: '16px', color: '#16233A', fontFamily: 'Inter, system-ui, sans-serif' },
            },
          }}
          onChange={(event) => {
            setCardError(event.error?.message ?? '');
            setComplete(event.complete);
          }}
          onBlur={() => setTouched(true)}
        />
      </Box>
      {cardError && <FormHelperText error>{cardError}</FormHelperText>}
    </PaymentShell>
  );
}

/**
 * Stripe's card field alone (loaded only when the server's provider is Stripe), confirmCardPayment, then the
 * server's confirmation: for staff taking a card over the phone, where the device's wallets (the staff
 * member's own) must not be offered. Travellers pay with stripe-wallet-payment.tsx.
 */
export default function StripeCardPayment({ publishableKey, ...props }: StripeCardPaymentProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
