import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { loginSchema } from '@parking/domain/accounts';
import { messages } from '@parking/domain/messages';
import { twoFactorMessages } from '@parking/domain/two-factor';
import { useState } from 'react';
import { Form, useZodForm } from '@/components/form/form';
import { FormPasswordField } from '@/components/form/password-field';
import { FormTextField } from '@/components/form/text-field';
import { SubmitButton } from '@/components/form/submit-button';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import type { Session } from '@/lib/auth/session';
import { useLogin, usePasskeySignIn, type PendingLogin } from '../api/login';
import { SecondStepForm } from './second-step-form';

interface LoginFormProps {
  defaultEmail?: string;
  onSuccess?: (session: Session) => void;
  /** Called when a link leaves the form (e.g. to forgot-password), so that a dialog can close. */
  onNavigate?: () => void;
}

export function LoginForm({ defaultEmail = '', onSuccess, onNavigate }: LoginFormProps) {
  const login = useLogin();
  const passkey = usePasskeySignIn();
  const snackbar = useSnackbar();
  const form = useZodForm(loginSchema, { defaultValues: { email: defaultEmail, password: '' } });
  const { isValid } = form.formState;
  const [pending, setPending] = useState<PendingLogin | null>(null);

  const signedIn = (session: Session) => {
    snackbar.show(messages.loginSuccessful);
    onSuccess?.(session);
  };

  // Issue 38: the password was right, the account has two-factor sign-in.
  if (pending)
    return (
      <SecondStepForm
        pending={pending}
        onSuccess={signedIn}
        onCancel={() => {
          setPending(null);
          login.reset();
          form.resetField('password');
        }}
      />
    );

  return (
    <Form
      form={form}
      aria-label="Login"
      onSubmit={(values) =>
        login.mutateAsync(values).then(
          (outcome) => ('session' in outcome ? signedIn(outcome.session) : setPending(outcome.pending)),
          () => undefined,
        )
      }
    >
      <Stack spacing={2.5}>
        {login.isError && (
          <Alert severity="error">{firstErrorDetail(login.error, messages.unknownError)}</Alert>
        )}
        {passkey.isError && (
          <Alert severity="error">{firstErrorDetail(passkey.error, twoFactorMessages.passkeyRefused)}</Alert>
        )}
        <FormTextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
        />
        <FormPasswordField
          control={form.control}
          name="password"
          label="Password"
          autoComplete="current-password"
          required
        />
        <SubmitButton
          pending={login.isPending}
          // Public-site §5: disabled while loading or while the form is invalid.
          disabled={!isValid}
        >
          {login.isPending ? 'Logging in…' : 'Login'}
        </SubmitButton>
        <Button
          variant="outlined"
          size="large"
          startIcon={<KeyIcon />}
          disabled={passkey.isPending || login.isPending}
          onClick={() => passkey.mutateAsync().then(signedIn, () => undefined)}
        >
          Sign in with a passkey
        </Button>
        <Link href={paths.forgotPassword.path} onClick={onNavigate} sx={{ alignSelf: 'center' }}>
          Forgot your password?
        </Link>
      </Stack>
    </Form>
  );
}
