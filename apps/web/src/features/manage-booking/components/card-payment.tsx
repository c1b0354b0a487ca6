import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { LocalCardPayment } from '@/components/payment/local-card-payment';
import { paymentConfigQuery } from '@/lib/api/payments';

// Stripe's libraries load only when the server takes payments through Stripe.
const StripeWalletPayment = lazy(() => import('@/components/payment/stripe-wallet-payment'));

interface CardPaymentProps {
  clientSecret: string;
  /** '$18.00' */
  amount: string;
  billing: { email: string; name: string; phone: string };
  onPaid: () => void;
}

/** The card form of the server's payment provider (the wizard's step 7 form), for a payment already opened. */
export function CardPayment({ clientSecret, amount, billing, onPaid }: CardPaymentProps) {
  const config = useQuery(paymentConfigQuery);
  if (config.isPending)
    return <Skeleton variant="rounded" height={160} role="progressbar" aria-label="Loading the card form" />;
  if (config.data?.provider === 'stripe' && config.data.publishableKey) {
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
        <StripeWalletPayment
          publishableKey={config.data.publishableKey}
          clientSecret={clientSecret}
          amount={amount}
          billing={billing}
          onPaid={onPaid}
        />
      </Suspense>
    );
  }
  return <LocalCardPayment clientSecret={clientSecret} amount={amount} onPaid={onPaid} />;
}
