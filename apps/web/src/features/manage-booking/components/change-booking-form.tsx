import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { businessLocalDatetime, instantOfBusinessLocal } from '@parking/domain/dates';
import { changeFormSchema, type ChangeFormInput, type ChangeFormValues } from '@parking/domain/manage-booking';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { ApiError, firstErrorDetail } from '@/lib/api/client';
import { BUSINESS_TIME_ZONE, formatMoneyText } from '@/lib/format';
import { quoteChange, saveChange, type BookingChange, type ChangeAnswer, type ChangeQuote, type ManagedBooking } from '../api/manage-booking';

const toChange = (values: ChangeFormValues): BookingChange => ({
  startDatetime: instantOfBusinessLocal(values.startLocal, BUSINESS_TIME_ZONE).toISOString(),
  endDatetime: instantOfBusinessLocal(values.endLocal, BUSINESS_TIME_ZONE).toISOString(),
  flightNumberOut: values.flightNumberOut,
  flightNumberIn: values.flightNumberIn,
  rego: values.rego,
  make: values.make,
  model: values.model,
  colour: values.colour,
});

/** The server names fields by the API's attributes; the form holds the dates as local strings. */
const FIELD_OF: Record<string, string> = { startDatetime: 'startLocal', endDatetime: 'endLocal' };

interface Props {
  booking: ManagedBooking;
  onSaved: (answer: ChangeAnswer) => void;
}

/**
 * Dates and times, flights and vehicle. "Review changes" prices the change on the server (the booking
 * engine's rules); "Confirm changes" saves it, and any difference is then paid or refunded.
 */
export function ChangeBookingForm({ booking, onSaved }: Props) {
  const defaults: ChangeFormInput = {
    startLocal: businessLocalDatetime(new Date(booking.startDatetime), BUSINESS_TIME_ZONE),
    endLocal: booking.endDatetime ? businessLocalDatetime(new Date(booking.endDatetime), BUSINESS_TIME_ZONE) : '',
    flightNumberOut: booking.flightNumberOut,
    flightNumberIn: booking.flightNumberIn,
    rego: booking.rego,
    make: booking.make,
    model: booking.model,
    colour: booking.colour,
  };
  const form = useZodForm(changeFormSchema, { defaultValues: defaults });
  const [review, setReview] = useState<{ change: BookingChange; quote: ChangeQuote } | null>(null);
  // A reviewed price is for the values reviewed: any edit asks for a new review.
  useEffect(() => {
    const subscription = form.watch(() => setReview(null));
    return () => subscription.unsubscribe();
  }, [form]);
  const showErrors = (error: unknown) => {
    if (error instanceof ApiError) {
      for (const item of error.errors) {
        const attribute = /^\/data\/attributes\/(\w+)$/.exec(item.source?.pointer ?? '')?.[1] ?? '';
        const field = FIELD_OF[attribute];
        if (field === 'startLocal' || field === 'endLocal') form.setError(field, { type: 'server', message: item.detail });
      }
    }
    applyServerErrors(form, error);
  };
  const quote = useMutation({
    mutationFn: async (change: BookingChange) => ({ change, quote: await quoteChange(booking.id, change) }),
    onSuccess: setReview,
    onError: showErrors,
  });
  const save = useMutation({
    mutationFn: (change: BookingChange) => saveChange(booking.id, change),
    onSuccess: onSaved,
    onError: showErrors,
  });
  const failure = quote.error ?? save.error;

  return (
    <Form form={form} onSubmit={(values) => quote.mutate(toChange(values))} aria-label="Change booking">
      <Stack spacing={2.5}>
        {failure ? (
          <Alert severity="error" role="alert">
            {firstErrorDetail(failure, messages.unknownError)}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={form.control} name="startLocal" label="Drop-off date and time" type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />
          <FormTextField control={form.control} name="endLocal" label="Pick-up date and time" type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />
          <FormTextField control={form.control} name="flightNumberOut" label="Departure flight number" />
          <FormTextField control={form.control} name="flightNumberIn" label="Return flight number" />
          <FormTextField control={form.control} name="rego" label="Rego" />
          <FormTextField control={form.control} name="make" label="Make" />
          <FormTextField control={form.control} name="model" label="Model" />
          <FormTextField control={form.control} name="colour" label="Colour" />
        </Box>
        {review && (
          <Box role="status" sx={{ bgcolor: 'background.default', borderRadius: 3, p: 2.5 }}>
            {review.quote.changed.length === 0 ? (
              <Typography>Nothing has changed yet.</Typography>
            ) : (
              <>
                <Typography sx={{ fontWeight: 700 }}>New total: {formatMoneyText(review.quote.totalCost)}</Typography>
                <Typography>
                  {Number(review.quote.amountDue) > 0
                    ? `To pay now: ${formatMoneyText(review.quote.amountDue)}`
                    : Number(review.quote.refund) > 0
                      ? `To be refunded to your card: ${formatMoneyText(review.quote.refund)}`
                      : 'No change in price.'}
                </Typography>
              </>
            )}
          </Box>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant={review ? 'outlined' : 'contained'} disabled={quote.isPending} startIcon={quote.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
            Review changes
          </Button>
          {review && review.quote.changed.length > 0 && (
            <Button
              variant="contained"
              disabled={save.isPending}
              onClick={() => save.mutate(review.change)}
              startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              Confirm changes
            </Button>
          )}
        </Stack>
      </Stack>
    </Form>
  );
}
