import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { registerSchema } from '@parking/domain/accounts';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormPasswordField } from '@/components/form/password-field';
import { FormTextField } from '@/components/form/text-field';
import { SubmitButton } from '@/components/form/submit-button';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { useRegister } from '../api/register';
import { PersonFields, TitleField } from './person-fields';

interface RegisterFormProps {
  onRegistered: (email: string) => void;
  /** One column, for the narrow header dialog. */
  dense?: boolean;
}

export function RegisterForm({ onRegistered, dense = false }: RegisterFormProps) {
  const register = useRegister();
  const snackbar = useSnackbar();
  const form = useZodForm(registerSchema, {
    defaultValues: {
      title: undefined,
      firstName: '',
      lastName: '',
      phoneNumber: '',
      business: '',
      email: '',
      password: '',
    },
  });
  const { control } = form;
  const pairSx = {
    display: 'grid',
    gap: 2.5,
    gridTemplateColumns: dense ? '1fr' : { xs: '1fr', sm: '1fr 1fr' },
  };

  return (
    <Form
      form={form}
      aria-label="Register"
      onSubmit={(values) =>
        register.mutateAsync(values).then(
          () => {
            snackbar.show(messages.registrationSuccessful);
            onRegistered(values.email);
          },
          (error: unknown) => {
            applyServerErrors(form, error);
          },
        )
      }
    >
      <Stack spacing={2.5}>
        {register.isError && (
          <Alert severity="error">{firstErrorDetail(register.error, messages.unknownError)}</Alert>
        )}
        <TitleField control={control} />
        <PersonFields control={control} pairSx={pairSx} />
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
        />
        <FormPasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="new-password"
          helperText="At least 8 characters, not only numbers."
          required
        />
        <SubmitButton pending={register.isPending}>
          {register.isPending ? 'Creating your account…' : 'Register'}
        </SubmitButton>
      </Stack>
    </Form>
  );
}
