import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@parking/domain/messages';
import { firstErrorDetail } from '@/lib/api/client';
import { twoFactorQuery } from '../api/two-factor';
import { PasskeysSection } from './passkeys-section';
import { TotpSection } from './totp-section';

/**
 * Two-factor sign-in (issue 38), on the profile and on /two-factor: an authenticator app with recovery codes,
 * and passkeys. Staff who must have it are told so until one is set up.
 */
export function TwoFactorPanel() {
  const status = useQuery(twoFactorQuery);
  if (status.isPending) return <CircularProgress aria-label="Loading two-factor sign-in" />;
  if (status.isError)
    return <Alert severity="error">{firstErrorDetail(status.error, messages.unknownError)}</Alert>;
  const data = status.data;
  return (
    <Stack spacing={3}>
      {data.setupRequired ? (
        <Alert severity="warning">
          Staff must use two-factor sign-in. Set up an authenticator app or add a passkey to continue.
        </Alert>
      ) : (
        <Typography>
          A second step after your password keeps your account safe even if someone learns the password.
        </Typography>
      )}
      <Stack spacing={1.5} component="section" aria-labelledby="two-factor-app">
        <Typography variant="h6" component="h2" id="two-factor-app">
          Authenticator app
        </Typography>
        <TotpSection status={data} />
      </Stack>
      <Divider />
      <Stack spacing={1.5} component="section" aria-labelledby="two-factor-passkeys">
        <Typography variant="h6" component="h2" id="two-factor-passkeys">
          Passkeys
        </Typography>
        <PasskeysSection passkeys={data.passkeys} />
      </Stack>
    </Stack>
  );
}
