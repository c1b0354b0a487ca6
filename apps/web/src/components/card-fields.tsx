import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { cardFieldErrors, cardMessages, type CardField, type CardInput } from '@parking/domain/cards';
import { useState } from 'react';

export const EMPTY_CARD: CardInput = { number: '', expiry: '', cvc: '' };

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

// "Incomplete" is no mistake while the customer is still typing: those wait until the field is left.
// A number that cannot be a card, or a date that has passed, is said at once, as Stripe's own form does.
const INCOMPLETE: readonly string[] = [
  cardMessages.numberIncomplete,
  cardMessages.expiryIncomplete,
  cardMessages.cvcIncomplete,
];

/** The card's field errors to show: any once a field has been left (or `showAll`), mistakes at once. */
function visibleCardErrors(
  card: CardInput,
  today: Date,
  touched: Partial<Record<CardField, boolean>>,
  showAll = false,
): Partial<Record<CardField, string>> {
  const errors = cardFieldErrors(card, today);
  const shown: Partial<Record<CardField, string>> = {};
  for (const field of ['number', 'expiry', 'cvc'] as const) {
    const message = errors[field];
    if (message && (showAll || touched[field] || !INCOMPLETE.includes(message))) shown[field] = message;
  }
  return shown;
}

/** True when the card is worth sending to the issuer. */
export const cardComplete = (card: CardInput, today: Date) =>
  Object.keys(cardFieldErrors(card, today)).length === 0;

interface CardFieldsProps {
  value: CardInput;
  onChange: (card: CardInput) => void;
  /** After a submit: every field's error, left or not. */
  showAllErrors?: boolean;
  disabled?: boolean;
  /** For the expiry check; today by default. */
  today?: Date;
}

/**
 * Card number, expiry (MM / YY) and CVC, formatted as they are typed, with the payment provider's own
 * wording for field errors (`cardFieldErrors` of the domain package, which the server checks too).
 * The card data goes only to this site's own server (the local payment provider); with Stripe, its
 * Elements take the card instead.
 */
export function CardFields({
  value,
  onChange,
  showAllErrors = false,
  disabled = false,
  today = new Date(),
}: CardFieldsProps) {
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const errors = visibleCardErrors(value, today, touched, showAllErrors);
  const touch = (field: CardField) => setTouched((current) => ({ ...current, [field]: true }));
  const numeric = { inputMode: 'numeric' as const, autoCorrect: 'off', spellCheck: false };
  // Labels stay above the fields, so that the placeholders show the format to type (and "Expiry
  // (MM / YY)" is not cut short on a phone).
  const label = { shrink: true };

  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: '1fr 1fr', alignItems: 'start' }}>
      <TextField
        label="Card number"
        name="cardnumber"
        value={value.number}
        onChange={(event) => onChange({ ...value, number: formatCardNumber(event.target.value) })}
        onBlur={() => touch('number')}
        error={Boolean(errors.number)}
        helperText={errors.number}
        disabled={disabled}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        slotProps={{
          htmlInput: numeric,
          inputLabel: label,
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <CreditCardOutlinedIcon aria-hidden sx={{ color: 'text.secondary' }} />
              </InputAdornment>
            ),
          },
        }}
        sx={{ gridColumn: '1 / -1' }}
        fullWidth
      />
      <TextField
        label="Expiry (MM / YY)"
        name="exp-date"
        value={value.expiry}
        onChange={(event) => onChange({ ...value, expiry: formatExpiry(event.target.value, value.expiry) })}
        onBlur={() => touch('expiry')}
        error={Boolean(errors.expiry)}
        helperText={errors.expiry}
        disabled={disabled}
        autoComplete="cc-exp"
        placeholder="MM / YY"
        slotProps={{ htmlInput: numeric, inputLabel: label }}
        fullWidth
      />
      <TextField
        label="CVC"
        name="cvc"
        value={value.cvc}
        onChange={(event) => onChange({ ...value, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) })}
        onBlur={() => touch('cvc')}
        error={Boolean(errors.cvc)}
        helperText={errors.cvc}
        disabled={disabled}
        autoComplete="cc-csc"
        placeholder="123"
        slotProps={{ htmlInput: numeric, inputLabel: label }}
        fullWidth
      />
    </Box>
  );
}
