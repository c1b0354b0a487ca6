import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { totpCode, type TwoFactorStatusAttributes } from '@parking/domain/two-factor';
import { messages } from '@parking/domain/messages';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import {
  useConfirmTotp,
  useNewRecoveryCodes,
  useStartTotpSetup,
  useTurnOffTotp,
  type TotpSetup,
} from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';

const confirmSchema = z.object({ code: totpCode });

function SetupForm({ setup, onCodes }: { setup: TotpSetup; onCodes: (codes: string[]) => void }) {
  const confirm = useConfirmTotp();
  const form = useZodForm(confirmSchema, { defaultValues: { code: '' } });
  return (
    <Stack spacing={2}>
      <Typography>
        Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password…), then enter the 6-digit code it shows.
      </Typography>
      <Box
        component="img"
        src={setup.qrCode}
        alt="QR code to add SkyPark to your authenticator app"
        sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: 'common.white', borderRadius: 1 }}
      />
      <Typography variant="body2">
        Can’t scan it? Enter this key instead:{' '}
        <Box
          component="code"
          data-testid="totp-secret"
          sx={{ fontSize: '0.95rem', wordBreak: 'break-all', fontWeight: 600 }}
        >
          {setup.secret}
        </Box>
      </Typography>
      {confirm.isError && !form.formState.errors.code && (
        <Alert severity="error">{firstErrorDetail(confirm.error, messages.unknownError)}</Alert>
      )}
      <Form
        form={form}
        aria-label="Confirm authenticator app"
        onSubmit={(values) =>
          confirm.mutateAsync(values.code).then(onCodes, (error: unknown) => {
            applyServerErrors(form, error);
          })
        }
      >
        <Stack spacing={2} direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'flex-start' } }}>
          <FormTextField
            control={form.control}
            name="code"
            label="Code from the app"
            autoComplete="one-time-code"
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={confirm.isPending}
            sx={{ mt: { sm: 1 }, flexShrink: 0 }}
          >
            Turn on
          </Button>
        </Stack>
      </Form>
    </Stack>
  );
}

/** The authenticator app: set up (QR code, then a code), or on (new recovery codes, turn off). */
export function TotpSection({ status }: { status: TwoFactorStatusAttributes }) {
  const snackbar = useSnackbar();
  const start = useStartTotpSetup();
  const turnOff = useTurnOffTotp();
  const newCodes = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<'off' | 'codes' | null>(null);

  if (codes)
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          start.reset();
        }}
      />
    );

  if (!status.totp) {
    if (start.data) return <SetupForm setup={start.data} onCodes={setCodes} />;
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography>Off. Use an app on your phone to make a new sign-in code every 30 seconds.</Typography>
        {start.isError && (
          <Alert severity="error">{firstErrorDetail(start.error, messages.unknownError)}</Alert>
        )}
        <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
          Set up authenticator app
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography>On. {status.recoveryCodesLeft} of 10 recovery codes left.</Typography>
      {(turnOff.isError || newCodes.isError) && (
        <Alert severity="error">
          {firstErrorDetail(turnOff.error ?? newCodes.error, messages.unknownError)}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignSelf: 'stretch' }}>
        <Button variant="outlined" onClick={() => setConfirming('codes')}>
          New recovery codes
        </Button>
        <Button variant="outlined" color="error" onClick={() => setConfirming('off')}>
          Turn off authenticator app
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming === 'codes'}
        title="Make new recovery codes?"
        text="Your old recovery codes stop working at once."
        confirmLabel="Make new codes"
        busy={newCodes.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          newCodes.mutateAsync().then(
            (made) => {
              setConfirming(null);
              setCodes(made);
            },
            () => setConfirming(null),
          )
        }
      />
      <ConfirmDialog
        open={confirming === 'off'}
        title="Turn off the authenticator app?"
        text="Its codes and your recovery codes will no longer sign you in."
        confirmLabel="Turn off"
        destructive
        busy={turnOff.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          turnOff.mutateAsync().then(
            () => {
              setConfirming(null);
              snackbar.show('Authenticator sign-in turned off.');
            },
            () => setConfirming(null),
          )
        }
      />
    </Stack>
  );
}
