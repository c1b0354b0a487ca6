import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '@parking/domain/messages';
import { FormSection } from '@/components/admin/form-screen';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { useResetUserTwoFactor, userTwoFactorQuery } from '../api/two-factor';

function describe(status: { totp: boolean; passkeys: unknown[]; recoveryCodesLeft: number }): string {
  const parts = [
    status.totp ? `authenticator app (${status.recoveryCodesLeft} recovery codes left)` : null,
    status.passkeys.length
      ? `${status.passkeys.length} passkey${status.passkeys.length > 1 ? 's' : ''}`
      : null,
  ].filter(Boolean);
  return parts.length ? `On: ${parts.join(', ')}.` : 'Off.';
}

/**
 * A login's two-factor sign-in on the customer's page (issue 38, Admins): what it has, and "Reset two-factor
 * sign-in" for someone who lost their phone (audited; they are signed out, emailed, and set it up again).
 */
export function CustomerTwoFactorSection({ userId }: { userId: string }) {
  const snackbar = useSnackbar();
  const status = useQuery(userTwoFactorQuery(userId));
  const reset = useResetUserTwoFactor(userId);
  const [confirming, setConfirming] = useState(false);
  const on = status.data && (status.data.totp || status.data.passkeys.length > 0);

  return (
    <FormSection id="two-factor" title="Two-factor sign-in">
      {status.isError ? (
        <Alert severity="error">{firstErrorDetail(status.error, messages.unknownError)}</Alert>
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography>{status.data ? describe(status.data) : 'Loading…'}</Typography>
          <Button
            variant="outlined"
            color="error"
            disabled={!on || reset.isPending}
            onClick={() => setConfirming(true)}
          >
            Reset two-factor sign-in
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title="Reset two-factor sign-in?"
        text="Their authenticator app, recovery codes and passkeys stop working, they are signed out everywhere and emailed. They sign in with their password and set it up again."
        confirmLabel="Reset"
        destructive
        busy={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutateAsync().then(
            () => {
              setConfirming(false);
              snackbar.show('Two-factor sign-in reset.');
            },
            (error: unknown) => {
              setConfirming(false);
              snackbar.show(firstErrorDetail(error, messages.unknownError), 'error');
            },
          )
        }
      />
    </FormSection>
  );
}
