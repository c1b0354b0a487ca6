import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { messages } from '@parking/domain/messages';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { VehicleFields } from '@/components/vehicle-fields';
import { firstErrorDetail } from '@/lib/api/client';
import type { ChangeAnswer, ManagedBooking } from '../api/manage-booking';
import { ChangeExtrasSection } from './change-extras-section';
import { ChangeFlightsSection } from './change-flights-section';
import { ChangeFormSection } from './change-form-section';
import { toChange } from './change-form-values';
import { ChangeReview } from './change-review';
import { ReviewButtons } from './review-buttons';
import { useChangeBooking } from './use-change-booking';

interface Props {
  booking: ManagedBooking;
  onSaved: (answer: ChangeAnswer) => void;
}

/**
 * Dates and times, flights, passengers, vehicle and extras, with the wizard's own fields. "Review
 * changes" prices the change on the server (the booking engine's rules); "Confirm changes" saves it, and
 * any difference is then paid by card or refunded.
 */
export function ChangeBookingForm({ booking, onSaved }: Props) {
  const { form, review, quote, save, failure } = useChangeBooking(booking, onSaved);

  return (
    <Form form={form} onSubmit={(values) => quote.mutate(toChange(values))} aria-label="Change booking">
      <Stack spacing={4}>
        {failure ? (
          <Alert severity="error" role="alert">
            {firstErrorDetail(failure, messages.unknownError)}
          </Alert>
        ) : null}
        <ChangeFormSection title="Dates and times">
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              control={form.control}
              name="startLocal"
              label="Drop-off date and time"
              type="datetime-local"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={form.control}
              name="endLocal"
              label="Pick-up date and time"
              type="datetime-local"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        </ChangeFormSection>
        <Divider />
        <ChangeFlightsSection form={form} booking={booking} />
        <Divider />
        <ChangeFormSection title="Vehicle">
          <VehicleFields control={form.control} />
        </ChangeFormSection>
        <Divider />
        <ChangeExtrasSection form={form} booking={booking} />
        {review && <ChangeReview quote={review.quote} booking={booking} />}
        <ReviewButtons
          review={review}
          reviewing={quote.isPending}
          saving={save.isPending}
          onConfirm={() => review && save.mutate(review.change)}
          reviewLabel="Review changes"
          confirmLabel="Confirm changes"
        />
      </Stack>
    </Form>
  );
}
