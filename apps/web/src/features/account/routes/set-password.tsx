import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { messages } from '@parking/domain/messages';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';
import { AccountCard } from '../components/account-card';
import { SetPasswordForm } from '../components/set-password-form';

/**
 * /set-password?uid&token&email[&welcome] (public-site §2): a password reset, or the first password of an
 * account staff created. Without uid, token and email the link is broken: "Could not compute".
 */
export function SetPasswordPage() {
  usePageTitle(paths.setPassword.title);
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const token = params.get('token');
  const email = params.get('email');
  const welcome = params.get('welcome') === 'true' || params.get('welcome') === '1';

  if (!uid || !token || !email) {
    return (
      <AccountCard title="Set your password">
        <Alert severity="error">{messages.couldNotCompute}</Alert>
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          This link is incomplete. Please open the link from your email again, or{' '}
          <Link href={paths.forgotPassword.path}>ask for a new one</Link>.
        </Typography>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title={welcome ? 'Welcome! Choose your password' : 'Choose a new password'}
      intro={
        <>
          For the account{' '}
          <Box component="strong" sx={{ color: 'text.primary', wordBreak: 'break-all' }}>
            {email}
          </Box>
          .
        </>
      }
    >
      <SetPasswordForm uid={uid} token={token} welcome={welcome} />
    </AccountCard>
  );
}
