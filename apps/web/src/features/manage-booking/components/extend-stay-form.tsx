import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { businessLocalDatetime } from '@parking/domain/dates';
import { messages } from '@parking/domain/messages';
import { extensionFormSchema, extensionMessages } from '@parking/domain/stay-extension';
import { Form, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { firstErrorDetail } from '@/lib/api/client';
import { BUSINESS_TIME_ZONE, formatDateTime } from '@/lib/format';
import type { ChangeAnswer, ManagedBooking } from '../api/manage-booking';
import { instant } from './change-form-values';
import { ChangeReview } from './change-review';
import { ReviewButtons } from './review-buttons';
import { useReviewedChange } from './use-change-booking';

/** The server names the pick-up by its attribute. */
const FIELD_OF = { endDatetime: 'endLocal' } as const;

interface Props {
  booking: ManagedBooking;
  onSaved: (answer: ChangeAnswer) => void;
}

/**
 * Extend while away (issue 41): the car is with us, so the one change taken is a later pick-up. Reviewed
 * (priced by the server as every change is) then confirmed; the difference is paid by card in the panel of
 * the change waiting for its payment.
 */
export function ExtendStayForm({ booking, onSaved }: Props) {
  const bookedEnd = booking.endDatetime ?? booking.startDatetime;
  const bookedEndLocal = businessLocalDatetime(new Date(bookedEnd), BUSINESS_TIME_ZONE);
  const schema = useMemo(() => extensionFormSchema(bookedEndLocal), [bookedEndLocal]);
  const form = useZodForm(schema, { defaultValues: { endLocal: bookedEndLocal } });
  const { review, quote, save, failure } = useReviewedChange(booking, form, FIELD_OF, onSaved);

  return (
    <Form
      form={form}
      aria-label="Extend your stay"
      onSubmit={(values) =>
        quote.mutate({ attributes: { endDatetime: instant(values.endLocal) }, relationships: {} })
      }
    >
      <Stack spacing={2.5}>
        <Typography>
          Your car is with us. Staying away longer? Move your pick-up later: booked for{' '}
          {formatDateTime(bookedEnd)}.
        </Typography>
        <Alert severity="info">{extensionMessages.earlierNeedsNoChange}</Alert>
        {failure ? (
          <Alert severity="error" role="alert">
            {firstErrorDetail(failure, messages.unknownError)}
          </Alert>
        ) : null}
        <FormTextField
          control={form.control}
          name="endLocal"
          label="New pick-up date and time"
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {review && <ChangeReview quote={review.quote} booking={booking} />}
        <ReviewButtons
          review={review}
          reviewing={quote.isPending}
          saving={save.isPending}
          onConfirm={() => review && save.mutate(review.change)}
          reviewLabel="Review new pick-up"
          confirmLabel="Extend my stay"
        />
      </Stack>
    </Form>
  );
}
