import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { loginHref, paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';
import { AccountCard } from '../components/account-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
  usePageTitle(paths.forgotPassword.title);
  return (
    <AccountCard
      title="Forgot your password?"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it? <Link href={loginHref()}>Back to login</Link>
      </Typography>
    </AccountCard>
  );
}
