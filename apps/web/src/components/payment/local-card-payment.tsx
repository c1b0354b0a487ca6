import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { cardFieldErrors, type CardField, type CardInput } from '@parking/domain/cards';
import { useRef, useState } from 'react';
import { formatCardNumber, formatExpiry } from '@/components/card-fields';
import { useValueTypedBeforeStart } from '@/components/form/typed-before-start';
import { confirmPayment, payWithLocalCard } from '@/lib/api/payments';
import { PaymentShell } from './payment-shell';
import { TestCardsNote } from './test-cards-note';

interface LocalCardPaymentProps {
  clientSecret: string;
  amount: string;
  onPaid: () => void;
  confirmLabel?: string;
}

/**
 * The local provider's card form (no card data leaves for another site): number, expiry and CVC with
 * Stripe's own wording for field errors, live once a field has been left, then POST local-payments/
 * and POST payment-confirmations/.
 */
export function LocalCardPayment({ clientSecret, amount, onPaid, confirmLabel }: LocalCardPaymentProps) {
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Record<CardField, boolean>>({
    number: false,
    expiry: false,
    cvc: false,
  });
  const errors = cardFieldErrors(card, new Date());
  const shown = (field: CardField) => (touched[field] ? errors[field] : undefined);
  const touch = (field: CardField) => setTouched((current) => ({ ...current, [field]: true }));
  const setNumber = (value: string) =>
    setCard((current) => ({ ...current, number: formatCardNumber(value) }));
  const setExpiry = (value: string) =>
    setCard((current) => ({ ...current, expiry: formatExpiry(value, current.expiry) }));
  const setCvc = (value: string) =>
    setCard((current) => ({ ...current, cvc: value.replace(/\D/g, '').slice(0, 4) }));
  // What was typed (or filled in by the browser) on a server-drawn step 7 before the app took it over.
  const numberInput = useRef<HTMLInputElement>(null);
  const expiryInput = useRef<HTMLInputElement>(null);
  const cvcInput = useRef<HTMLInputElement>(null);
  useValueTypedBeforeStart(numberInput, card.number, setNumber);
  useValueTypedBeforeStart(expiryInput, card.expiry, setExpiry);
  useValueTypedBeforeStart(cvcInput, card.cvc, setCvc);

  return (
    <PaymentShell
      amount={amount}
      confirmLabel={confirmLabel}
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
      <TestCardsNote />
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
          inputRef={numberInput}
          onChange={(event) => setNumber(event.target.value)}
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
          inputRef={expiryInput}
          onChange={(event) => setExpiry(event.target.value)}
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
          inputRef={cvcInput}
          onChange={(event) => setCvc(event.target.value)}
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
