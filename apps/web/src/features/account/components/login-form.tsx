import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { loginSchema } from '@parking/domain/accounts';
import { messages } from '@parking/domain/messages';
import { Form, useZodForm } from '@/components/form/form';
import { FormPasswordField } from '@/components/form/password-field';
import { FormTextField } from '@/components/form/text-field';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import type { Session } from '@/lib/auth/session';
import { useLogin } from '../api/login';

interface LoginFormProps {
  defaultEmail?: string;
  onSuccess?: (session: Session) => void;
  /** Called when a link leaves the form (e.g. to forgot-password), so that a dialog can close. */
  onNavigate?: () => void;
}

export function LoginForm({ defaultEmail = '', onSuccess, onNavigate }: LoginFormProps) {
  const login = useLogin();
  const snackbar = useSnackbar();
  const form = useZodForm(loginSchema, { defaultValues: { email: defaultEmail, password: '' } });
  const { isValid } = form.formState;

  return (
    <Form
      form={form}
      aria-label="Login"
      onSubmit={(values) =>
        login.mutateAsync(values).then(
          (session) => {
            snackbar.show(messages.loginSuccessful);
            onSuccess?.(session);
          },
          () => undefined,
        )
      }
    >
      <Stack spacing={2.5}>
        {login.isError && (
          <Alert severity="error">{firstErrorDetail(login.error, messages.unknownError)}</Alert>
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
        <Button
          type="submit"
          variant="contained"
          size="large"
          // Spec §5: disabled while loading or while the form is invalid.
          disabled={!isValid || login.isPending}
          startIcon={login.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {login.isPending ? 'Logging in…' : 'Login'}
        </Button>
        <Link href={paths.forgotPassword.path} onClick={onNavigate} sx={{ alignSelf: 'center' }}>
          Forgot your password?
        </Link>
      </Stack>
    </Form>
  );
}
