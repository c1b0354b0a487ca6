import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { messages } from '@parking/domain/messages';
import { loginHref, paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/auth-context';
import { usePageTitle } from '@/lib/page-title';
import { useConfirmEmail } from '../api/confirm-email';
import { AccountCard } from '../components/account-card';

/** /confirm-email?uid&token (public-site §2): confirms the address from the emailed link, once. */
export function ConfirmEmailPage() {
  usePageTitle(paths.confirmEmail.title);
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const token = params.get('token');
  const { user } = useAuth();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // The token is single-use: a second request (StrictMode's double effect, a re-render) would fail.
  const sent = useRef(false);

  useEffect(() => {
    if (!uid || !token || sent.current) return;
    sent.current = true;
    mutate({ uid, token });
  }, [uid, token, mutate]);

  if (!uid || !token) return <Navigate to={paths.notFound.path} replace />;

  return (
    <AccountCard title="Confirm your email">
      {confirm.isSuccess ? (
        <Stack spacing={3}>
          <Alert severity="success" icon={<CheckCircleOutlineIcon />}>
            {messages.accountConfirmed}
          </Alert>
          {user ? (
            <Button href={paths.bookings.path} variant="contained" size="large">
              Go to My Bookings
            </Button>
          ) : (
            <Button href={loginHref({ next: paths.bookings.path })} variant="contained" size="large">
              Login
            </Button>
          )}
        </Stack>
      ) : confirm.isError ? (
        <Stack spacing={3}>
          <Alert severity="error">{firstErrorDetail(confirm.error, messages.unknownError)}</Alert>
          <Typography color="text.secondary">
            A confirmation link works once and for a limited time. Log in and open My Bookings to have a new
            one sent.
          </Typography>
          <Button
            href={user ? paths.bookings.path : loginHref({ next: paths.bookings.path })}
            variant="outlined"
          >
            {user ? 'Go to My Bookings' : 'Login'}
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>Confirming your email address…</Typography>
        </Stack>
      )}
    </AccountCard>
  );
}
