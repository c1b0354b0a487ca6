import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { profileSchema } from '@parking/domain/accounts';
import { TITLES } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { SubmitButton } from '@/components/form/submit-button';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import type { SessionCustomer } from '@/lib/auth/session';
import { useUpdateProfile } from '../api/update-profile';
import { sorryError } from '../error-messages';
import { PersonFields, TitleField } from './person-fields';

/** User Settings (public-site §2, §5): title, names and phone required, business optional; email read-only. */
export function ProfileForm({ customer }: { customer: SessionCustomer }) {
  const update = useUpdateProfile(customer.id);
  const snackbar = useSnackbar();
  const form = useZodForm(profileSchema, {
    defaultValues: {
      // A title from before the list was fixed shows as unset rather than as a wrong choice.
      title: TITLES.find((title) => title === customer.title),
      firstName: customer.firstName,
      lastName: customer.lastName,
      phoneNumber: customer.phoneNumber,
      business: customer.business,
    },
  });
  const { control } = form;
  const pairSx = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

  return (
    <Form
      form={form}
      aria-label="User Settings"
      onSubmit={(values) =>
        update.mutateAsync(values).then(
          () => {
            snackbar.show(messages.settingsUpdated);
            form.reset(values);
          },
          (error: unknown) => {
            applyServerErrors(form, error);
          },
        )
      }
    >
      <Stack spacing={2.5}>
        {update.isError && (
          <Alert severity="error">{sorryError(firstErrorDetail(update.error, messages.unknownError))}</Alert>
        )}
        <TextField
          label="Email"
          value={customer.email}
          helperText="Your login email. Please call us if it needs to change."
          slotProps={{ htmlInput: { readOnly: true } }}
          fullWidth
        />
        <Box sx={pairSx}>
          <TitleField control={control} />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        </Box>
        <PersonFields control={control} pairSx={pairSx} />
        <Box>
          <SubmitButton pending={update.isPending}>Save settings</SubmitButton>
        </Box>
      </Stack>
    </Form>
  );
}
