import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { emailOnlySchema } from '@parking/domain/accounts';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { SubmitButton } from '@/components/form/submit-button';
import { firstErrorDetail } from '@/lib/api/client';
import { useRequestPasswordReset } from '../api/password-reset';
import { FORGOT_PASSWORD_UNKNOWN_ERROR } from '../error-messages';

/** Forgot password: the email, then a success state that names the address the link went to. */
export function ForgotPasswordForm() {
  const reset = useRequestPasswordReset();
  const form = useZodForm(emailOnlySchema, { defaultValues: { email: '' } });

  if (reset.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {messages.passwordResetSent(reset.variables)}
      </Alert>
    );
  }

  return (
    <Form
      form={form}
      aria-label="Forgot password"
      onSubmit={({ email }) =>
        reset.mutateAsync(email).then(
          () => undefined,
          (error: unknown) => {
            applyServerErrors(form, error);
          },
        )
      }
    >
      <Stack spacing={2.5}>
        {reset.isError && (
          <Alert severity="error">{firstErrorDetail(reset.error, FORGOT_PASSWORD_UNKNOWN_ERROR)}</Alert>
        )}
        <FormTextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
        />
        <SubmitButton pending={reset.isPending}>Send reset link</SubmitButton>
      </Stack>
    </Form>
  );
}
