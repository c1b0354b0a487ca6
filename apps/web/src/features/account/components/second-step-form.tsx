import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { recoveryCode, totpCode, twoFactorMessages } from '@parking/domain/two-factor';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { firstErrorDetail } from '@/lib/api/client';
import type { Session } from '@/lib/auth/session';
import { useSecondStep, type PendingLogin, type SecondStepProof } from '../api/login';

const codeSchema = z.object({ code: totpCode });
const recoverySchema = z.object({ recoveryCode });

/**
 * A login's second step (issue 38): the authenticator app's code, or one of the recovery codes, or a passkey,
 * whichever the account has. A wrong code is refused in words beside the field.
 */
export function SecondStepForm({
  pending,
  onSuccess,
  onCancel,
}: {
  pending: PendingLogin;
  onSuccess: (session: Session) => void;
  onCancel: () => void;
}) {
  const step = useSecondStep(pending);
  const hasTotp = pending.methods.includes('totp');
  const hasPasskey = pending.methods.includes('passkey');
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const codeForm = useZodForm(codeSchema, { defaultValues: { code: '' } });
  const recoveryForm = useZodForm(recoverySchema, { defaultValues: { recoveryCode: '' } });

  const submit = (proof: SecondStepProof, onError?: (error: unknown) => boolean) =>
    step.mutateAsync(proof).then(onSuccess, (error: unknown) => {
      if (onError?.(error)) step.reset();
    });
  // A refusal about the field shows beside it; anything else (an expired login, too many tries) above.
  const fieldError = step.isError ? firstErrorDetail(step.error, messages.unknownError) : null;
  const busy = step.isPending;

  return (
    <Stack spacing={2.5}>
      <Typography>{twoFactorMessages.secondStepNeeded}</Typography>
      {fieldError && <Alert severity="error">{fieldError}</Alert>}
      {hasTotp && mode === 'code' && (
        <Form
          form={codeForm}
          aria-label="Authenticator code"
          onSubmit={(values) => submit(values, (error) => applyServerErrors(codeForm, error))}
        >
          <Stack spacing={2}>
            <FormTextField
              control={codeForm.control}
              name="code"
              label="Authenticator code"
              autoComplete="one-time-code"
              autoFocus
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
              helperText="The 6-digit code your authenticator app shows now."
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              Verify
            </Button>
          </Stack>
        </Form>
      )}
      {hasTotp && mode === 'recovery' && (
        <Form
          form={recoveryForm}
          aria-label="Recovery code"
          onSubmit={(values) => submit(values, (error) => applyServerErrors(recoveryForm, error))}
        >
          <Stack spacing={2}>
            <FormTextField
              control={recoveryForm.control}
              name="recoveryCode"
              label="Recovery code"
              autoComplete="off"
              autoFocus
              required
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              helperText="One of the ten codes you saved when you set up two-factor sign-in. Each works once."
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              Verify
            </Button>
          </Stack>
        </Form>
      )}
      {hasTotp && (
        <Button
          variant="text"
          onClick={() => {
            step.reset();
            setMode(mode === 'code' ? 'recovery' : 'code');
          }}
        >
          {mode === 'code' ? 'Use a recovery code' : 'Use the authenticator app'}
        </Button>
      )}
      {hasPasskey && (
        <Button
          variant={hasTotp ? 'outlined' : 'contained'}
          size="large"
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <KeyIcon />}
          disabled={busy}
          onClick={() => void submit({ passkey: true })}
        >
          Use a passkey
        </Button>
      )}
      <Button variant="text" color="inherit" onClick={onCancel} disabled={busy}>
        Start again
      </Button>
    </Stack>
  );
}
