import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { BOOKING_STATUSES } from '@parking/domain/constants';
import { FieldGrid, FormSection } from '@/components/admin/form-screen';
import { FormSelectField } from '@/components/form/select-field';
import { lotsQuery } from '../api/booking-lookups';
import type { BookingForm } from './booking-form-context';
import { RegionRowFields } from './region-row-fields';

const words = (value: string) => {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Booking Details (back-office §2, §3): the parking space (lot), the status, and where the car is parked. */
export function BookingDetailsSection({ form, bookingCode }: { form: BookingForm; bookingCode?: string }) {
  const lots = useQuery(lotsQuery);
  return (
    <FormSection id="booking-details" title="Booking Details">
      <FieldGrid>
        <FormSelectField
          control={form.control}
          name="lot"
          label="Parking Space"
          required
          placeholder={lots.isPending ? 'Loading…' : 'Select a car park'}
          options={(lots.data ?? []).map((lot) => ({ value: lot.id, label: lot.name }))}
        />
        <FormSelectField
          control={form.control}
          name="status"
          label="Status"
          required
          options={BOOKING_STATUSES.map((value) => ({ value, label: words(value) }))}
        />
        <RegionRowFields control={form.control} />
        {bookingCode && (
          <TextField
            label="Booking Code"
            value={bookingCode}
            slotProps={{ input: { readOnly: true } }}
            fullWidth
          />
        )}
      </FieldGrid>
    </FormSection>
  );
}
