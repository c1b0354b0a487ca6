import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { accountClosureSchema, CLOSURE_KEPT_TEXT } from '@parking/domain/privacy';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormPasswordField } from '@/components/form/password-field';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { useLogout } from '@/lib/auth/use-logout';
import { downloadMyData, useCloseAccount } from '../api/privacy';

const CLOSED = 'Your account is closed. We have emailed you a confirmation.';
const DOWNLOAD_FAILED = 'Your data could not be downloaded. Please try again.';

/**
 * Your data (issue 38, Australian Privacy Principles 12 and 13), below the profile's tabs: download everything we
 * hold about you as a zip, or close your account after a dialog that says what is kept and why, confirmed with
 * your password.
 */
export function YourDataCard() {
  const snackbar = useSnackbar();
  const [downloading, setDownloading] = useState(false);
  const [closing, setClosing] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
      snackbar.show('Your data has been downloaded.');
    } catch (error) {
      snackbar.show(firstErrorDetail(error, DOWNLOAD_FAILED), 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card sx={{ mt: 3 }} component="section" aria-labelledby="your-data-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="your-data-heading" variant="h5" component="h2" gutterBottom>
          Your data
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Download a copy of everything we hold about you: your profile, bookings, vehicles, payments, and the
          records and photos of your car while it was in our care. Or close your account.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button
            variant="outlined"
            startIcon={downloading ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
            onClick={() => void download()}
            disabled={downloading}
          >
            Download my data
          </Button>
          <Button variant="outlined" color="error" onClick={() => setClosing(true)}>
            Close my account
          </Button>
        </Stack>
      </CardContent>
      {closing && (
        <CloseAccountDialog onClose={() => setClosing(false)} onClosed={() => snackbar.show(CLOSED)} />
      )}
    </Card>
  );
}

function CloseAccountDialog({ onClose, onClosed }: { onClose: () => void; onClosed: () => void }) {
  const close = useCloseAccount();
  const { logout } = useLogout();
  const form = useZodForm(accountClosureSchema, { defaultValues: { password: '' } });
  const formId = 'close-account-form';

  return (
    <ResponsiveDialog open title="Close your account?" maxWidth={560} onClose={onClose}>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{CLOSURE_KEPT_TEXT}</Typography>
          <Typography>
            You cannot close your account while a booking is still going ahead, or while a parking
            subscription is active. Closing cannot be undone.
          </Typography>
          {close.isError && (
            <Alert severity="error" role="alert">
              {firstErrorDetail(close.error, messages.unknownError)}
            </Alert>
          )}
          <Form
            form={form}
            id={formId}
            aria-label="Close your account"
            onSubmit={(values) =>
              close.mutateAsync(values).then(
                async () => {
                  onClosed();
                  // The server ended every session: the browser forgets this one and goes home.
                  await logout();
                },
                (error: unknown) => {
                  applyServerErrors(form, error);
                },
              )
            }
          >
            <FormPasswordField
              control={form.control}
              name="password"
              label="Your password"
              autoComplete="current-password"
              required
            />
          </Form>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Keep my account</Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          color="error"
          disabled={close.isPending}
          startIcon={close.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Close my account
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
