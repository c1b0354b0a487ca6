import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { paymentConfirmationSchema } from '@parking/domain/booking-wizard';
import { messages } from '@parking/domain/messages';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '@/lib/api/client';

/** The message to show for a failed payment: the provider's words (declined, expired...) or the server's. */
function paymentErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.errors[0]?.detail ?? messages.unknownError;
  if (error instanceof Error && error.message) return error.message;
  return messages.unknownError;
}

interface PaymentShellProps {
  /** '$90.00' */
  amount: string;
  /** The card fields of the provider in use. */
  children: ReactNode;
  /** Checks the card fields; false keeps the form open with their errors shown. */
  validate: () => boolean;
  /** Takes the payment and confirms it with the server; throws with the message to show. */
  pay: () => Promise<void>;
  onPaid: () => void;
  /** The confirmation's words; staff taking a card over the phone confirm the cardholder's consent. */
  confirmLabel?: string;
}

/**
 * What both card forms share (public-site §2 step 7): the payment confirmation checkbox that must be
 * ticked, the Pay button with its wait, and the provider's message when a card is refused.
 */
export function PaymentShell({ amount, children, validate, pay, onPaid, confirmLabel }: PaymentShellProps) {
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState('');
  const [failure, setFailure] = useState('');
  const [paying, setPaying] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = paymentConfirmationSchema.safeParse({ confirmed });
    setConfirmError(check.success ? '' : (check.error.issues[0]?.message ?? messages.required));
    const cardOk = validate();
    if (!check.success || !cardOk || paying) return;
    setFailure('');
    setPaying(true);
    try {
      await pay();
      onPaid();
    } catch (error) {
      setFailure(paymentErrorMessage(error));
      setPaying(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Card payment">
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2.5 }}>
          {failure}
        </Alert>
      )}
      {children}
      <Box sx={{ mt: 2.5 }}>
        <FormControlLabel
          control={
            <Checkbox
              name="paymentConfirmed"
              checked={confirmed}
              onChange={(event) => {
                setConfirmed(event.target.checked);
                if (event.target.checked) setConfirmError('');
              }}
              slotProps={{
                input: { 'aria-describedby': confirmError ? 'payment-confirmed-error' : undefined },
              }}
            />
          }
          label={
            confirmLabel ?? `I confirm my booking details are correct and authorise the payment of ${amount}.`
          }
        />
        {confirmError && (
          <FormHelperText id="payment-confirmed-error" error sx={{ ml: 4 }}>
            {confirmError}
          </FormHelperText>
        )}
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={paying}
        startIcon={paying ? <CircularProgress size={18} color="inherit" aria-hidden /> : <LockOutlinedIcon />}
        sx={{ mt: 3, py: 1.5, fontSize: '1.0625rem' }}
      >
        {paying ? 'Processing payment…' : `Pay ${amount}`}
      </Button>
    </Box>
  );
}
