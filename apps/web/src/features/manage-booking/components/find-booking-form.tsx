import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { manageLookupSchema, type ManageLookupInput } from '@parking/domain/manage-booking';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { firstErrorDetail } from '@/lib/api/client';
import { findBooking } from '../api/manage-booking';

/** A guest finds their booking with its code and the email it was booked with. */
export function FindBookingForm({
  notice,
  bookingCode = '',
  onFound,
}: {
  notice?: string;
  /** The code an emailed link carries (?code=), filled in. */
  bookingCode?: string;
  onFound: (bookingId: string) => void;
}) {
  const form = useZodForm(manageLookupSchema, {
    defaultValues: { bookingCode, email: '' } satisfies ManageLookupInput,
  });
  const find = useMutation({
    mutationFn: findBooking,
    onSuccess: onFound,
    onError: (error) => applyServerErrors(form, error),
  });
  return (
    <Form form={form} onSubmit={(values) => find.mutate(values)} aria-label="Find my booking">
      <Stack spacing={2.5}>
        {notice && !find.isError && <Alert severity="info">{notice}</Alert>}
        {find.isError && (
          <Alert severity="error" role="alert">
            {firstErrorDetail(find.error, messages.unknownError)}
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="bookingCode"
          label="Booking code"
          autoComplete="off"
          helperText="8 characters, on your confirmation email"
          slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
        />
        <FormTextField
          control={form.control}
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={find.isPending}
          startIcon={
            find.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SearchIcon />
          }
        >
          Find my booking
        </Button>
      </Stack>
    </Form>
  );
}
