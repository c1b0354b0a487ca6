import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { cardFieldErrors, type CardField, type CardInput } from '@parking/domain/cards';
import { useState } from 'react';
import { confirmPayment, payWithLocalCard } from '../api/payments';
import { PaymentShell } from './payment-shell';

/** '4242424242424242' → '4242 4242 4242 4242' as it is typed (Amex 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let index = 0;
  for (const size of groups) {
    if (index >= digits.length) break;
    parts.push(digits.slice(index, index + size));
    index += size;
  }
  return parts.join(' ');
}

/** '1230' → '12 / 30', the way card forms show the expiry. */
export function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting back over the separator deletes the month's last digit too.
  if (value.length < previous.length && previous.endsWith(' / ') && digits.length === 2)
    return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  if (digits.length >= 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  return digits;
}

interface LocalCardPaymentProps {
  clientSecret: string;
  amount: string;
  onPaid: () => void;
}

/**
 * The local provider's card form (no card data leaves for another site): number, expiry and CVC with
 * Stripe's own wording for field errors, live once a field has been left, then POST local-payments/
 * and POST payment-confirmations/.
 */
export function LocalCardPayment({ clientSecret, amount, onPaid }: LocalCardPaymentProps) {
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Record<CardField, boolean>>({
    number: false,
    expiry: false,
    cvc: false,
  });
  const errors = cardFieldErrors(card, new Date());
  const shown = (field: CardField) => (touched[field] ? errors[field] : undefined);
  const touch = (field: CardField) => setTouched((current) => ({ ...current, [field]: true }));

  return (
    <PaymentShell
      amount={amount}
      validate={() => {
        setTouched({ number: true, expiry: true, cvc: true });
        return Object.keys(errors).length === 0;
      }}
      pay={async () => {
        await payWithLocalCard({
          clientSecret,
          number: card.number.replace(/\s/g, ''),
          expiry: card.expiry,
          cvc: card.cvc,
        });
        await confirmPayment(clientSecret);
      }}
      onPaid={onPaid}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <TextField
          label="Card number"
          name="cardnumber"
          value={card.number}
          onChange={(event) =>
            setCard((current) => ({ ...current, number: formatCardNumber(event.target.value) }))
          }
          onBlur={() => touch('number')}
          error={Boolean(shown('number'))}
          helperText={shown('number')}
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          fullWidth
        />
        <TextField
          label="Expiry (MM / YY)"
          name="exp-date"
          value={card.expiry}
          onChange={(event) => {
            const value = event.target.value;
            setCard((current) => ({ ...current, expiry: formatExpiry(value, current.expiry) }));
          }}
          onBlur={() => touch('expiry')}
          error={Boolean(shown('expiry'))}
          helperText={shown('expiry')}
          autoComplete="cc-exp"
          placeholder="MM / YY"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
        />
        <TextField
          label="CVC"
          name="cvc"
          value={card.cvc}
          onChange={(event) =>
            setCard((current) => ({ ...current, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) }))
          }
          onBlur={() => touch('cvc')}
          error={Boolean(shown('cvc'))}
          helperText={shown('cvc')}
          autoComplete="cc-csc"
          placeholder="123"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
        />
      </Box>
    </PaymentShell>
  );
}
