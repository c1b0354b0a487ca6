import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { registerSchema } from '@parking/domain/accounts';
import { TITLES } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormPasswordField } from '@/components/form/password-field';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { useRegister } from '../api/register';
import { PersonFields } from './person-fields';

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
        <FormSelectField
          control={control}
          name="title"
          label="Title"
          options={TITLES}
          placeholder="Select a title"
          required
          autoComplete="honorific-prefix"
        />
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
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={register.isPending}
          startIcon={
            register.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
          }
        >
          {register.isPending ? 'Creating your account…' : 'Register'}
        </Button>
      </Stack>
    </Form>
  );
}
