import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState } from 'react';
import { confirmPayment } from '@/lib/api/payments';
import { PaymentShell } from './payment-shell';
import { stripeFor } from './stripe-loader';
import type { StripeCardPaymentProps } from './stripe-card-payment';

function StripePaymentFields({
  clientSecret,
  amount,
  billing,
  onPaid,
  confirmLabel,
}: Omit<StripeCardPaymentProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);

  return (
    <PaymentShell
      amount={amount}
      confirmLabel={confirmLabel}
      // The Payment Element shows its own messages beside its fields.
      validate={() => complete && stripe !== null}
      pay={async () => {
        if (!stripe || !elements) throw new Error('The payment form is still loading. Please try again.');
        // Card or wallet (the wallet's sheet opens here); the intent takes no method that leaves the page.
        const result = await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: {
            payment_method_data: {
              billing_details: { email: billing.email, name: billing.name, phone: billing.phone },
            },
          },
        });
        if (result.error) throw new Error(result.error.message ?? 'Your payment could not be taken.');
        await confirmPayment(clientSecret);
      }}
      onPaid={onPaid}
    >
      <PaymentElement
        options={{
          layout: 'tabs',
          // Apple Pay and Google Pay when the traveller's device and browser have them.
          wallets: { applePay: 'auto', googlePay: 'auto' },
          defaultValues: { billingDetails: { email: billing.email, name: billing.name } },
        }}
        onChange={(event) => setComplete(event.complete)}
      />
    </PaymentShell>
  );
}

/**
 * A traveller's payment with Stripe (issue 41): Stripe's Payment Element for the payment already opened, which
 * offers the card fields and the wallets the device has (Apple Pay, Google Pay), confirmed in place, then with
 * the server. Loaded only when the server's provider is Stripe.
 */
export default function StripeWalletPayment({
  publishableKey,
  clientSecret,
  ...props
}: StripeCardPaymentProps) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        clientSecret,
        appearance: {
          variables: {
            colorText: '#16233A',
            fontFamily: 'Inter, system-ui, sans-serif',
            borderRadius: '10px',
          },
        },
      }}
    >
      <StripePaymentFields clientSecret={clientSecret} {...props} />
    </Elements>
  );
}
