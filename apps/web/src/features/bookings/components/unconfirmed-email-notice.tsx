import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { messages } from '@parking/domain/messages';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails } from '@/lib/api/client';
import { useResendConfirmation } from '../api/resend-confirmation';

/**
 * Bookings show only once the email is confirmed (public-site §6); until then, this notice and a way to get
 * the link again. A failure shows every detail the server gave, each as a snackbar (public-site §8).
 */
export function UnconfirmedEmailNotice({ email }: { email: string }) {
  const resend = useResendConfirmation();
  const snackbar = useSnackbar();

  const send = () =>
    resend.mutate(email, {
      onSuccess: () => snackbar.show(messages.confirmationEmailSent),
      onError: (error) => {
        for (const detail of errorDetails(error, messages.unknownError)) snackbar.show(detail, 'error');
      },
    });

  return (
    <Alert
      // A standing notice of the page, not an interruption: a labelled region rather than an alert.
      role="region"
      aria-labelledby="unconfirmed-email-title"
      severity="warning"
      icon={<MarkEmailUnreadOutlinedIcon />}
      sx={{ alignItems: 'flex-start', '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle id="unconfirmed-email-title">Please confirm your email address</AlertTitle>
      Your bookings show here once your email address is confirmed. We sent a confirmation link to{' '}
      <strong>{email}</strong> when you registered; open it to confirm. Can&apos;t find it?
      <Button
        onClick={send}
        disabled={resend.isPending}
        variant="outlined"
        color="inherit"
        startIcon={resend.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        sx={{ display: 'flex', mt: 2 }}
      >
        Resend confirmation email
      </Button>
    </Alert>
  );
}
