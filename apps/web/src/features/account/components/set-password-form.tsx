import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { passwordResetConfirmationSchema } from '@parking/domain/accounts';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormPasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { loginHref } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import { useConfirmPasswordReset } from '../api/password-reset';
import { sorryError } from '../error-messages';

interface SetPasswordFormProps {
  uid: string;
  token: string;
  /** A welcome link (first password) rather than a reset. */
  welcome: boolean;
}

/**
 * The new password twice. The link's uid and token ride along as form values, so that the very schema
 * the server checks the request with validates it here.
 */
export function SetPasswordForm({ uid, token, welcome }: SetPasswordFormProps) {
  const confirm = useConfirmPasswordReset();
  const form = useZodForm(passwordResetConfirmationSchema, {
    defaultValues: { uid, token, newPassword1: '', newPassword2: '' },
  });

  if (confirm.isSuccess) {
    return (
      <Stack spacing={3}>
        <Alert severity="success" role="status">
          {messages.passwordSetLogin}
        </Alert>
        <Button href={loginHref()} variant="contained" size="large">
          Login
        </Button>
      </Stack>
    );
  }

  return (
    <Form
      form={form}
      aria-label={welcome ? 'Set your password' : 'Set a new password'}
      onSubmit={(values) =>
        confirm.mutateAsync(values).then(
          () => undefined,
          (error: unknown) => {
            applyServerErrors(form, error);
          },
        )
      }
    >
      <Stack spacing={2.5}>
        {confirm.isError && (
          <Alert severity="error">{sorryError(firstErrorDetail(confirm.error, messages.unknownError))}</Alert>
        )}
        <FormPasswordField
          control={form.control}
          name="newPassword1"
          label="New password"
          autoComplete="new-password"
          helperText="At least 8 characters, not only numbers."
          required
        />
        <FormPasswordField
          control={form.control}
          name="newPassword2"
          label="Confirm new password"
          autoComplete="new-password"
          required
        />
        <SubmitButton pending={confirm.isPending}>
          {welcome ? 'Set password' : 'Change password'}
        </SubmitButton>
      </Stack>
    </Form>
  );
}
