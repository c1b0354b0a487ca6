import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import { passwordChangeSchema } from '@parking/domain/accounts';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormPasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { useChangePassword } from '../api/change-password';
import { sorryError } from '../error-messages';

/**
 * The domain's password-change rules (current password, new password) plus the confirmation, which
 * only the browser sees: the same "Passwords do not match" rule as setting a password (public-site §5).
 */
const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    error: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

const emptyValues = { currentPassword: '', password: '', confirmPassword: '' };

export function PasswordChangeForm({ userId }: { userId: string }) {
  const change = useChangePassword(userId);
  const snackbar = useSnackbar();
  const form = useZodForm(passwordChangeFormSchema, { defaultValues: emptyValues });

  return (
    <Form
      form={form}
      aria-label="Change password"
      onSubmit={(values) =>
        change.mutateAsync(values).then(
          () => {
            snackbar.show(messages.passwordChanged);
            form.reset(emptyValues);
          },
          (error: unknown) => {
            applyServerErrors(form, error);
          },
        )
      }
    >
      <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
        {change.isError && (
          <Alert severity="error">{sorryError(firstErrorDetail(change.error, messages.unknownError))}</Alert>
        )}
        <FormPasswordField
          control={form.control}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          required
        />
        <FormPasswordField
          control={form.control}
          name="password"
          label="New password"
          autoComplete="new-password"
          helperText="At least 8 characters, not only numbers."
          required
        />
        <FormPasswordField
          control={form.control}
          name="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
          required
        />
        <Box>
          <SubmitButton pending={change.isPending}>Change password</SubmitButton>
        </Box>
      </Stack>
    </Form>
  );
}
