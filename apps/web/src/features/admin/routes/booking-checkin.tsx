import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { checkInFormSchema, checkInPayload, type CheckInFormValues } from '@parking/domain/check-in-form';
import { FUEL_LEVELS } from '@parking/domain/custody';
import { businessDate, businessTimeOfDay } from '@parking/domain/dates';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import { relatedId } from '@/lib/api/jsonapi';
import type { OneAnswer } from '@/lib/api/resources';
import { BUSINESS_TIME_ZONE, formatDateTime } from '@/lib/format';
import { lotsQuery } from '../api/booking-lookups';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import { ParkedFields } from '../components/parked-fields';
import { RegionRowFields } from '../components/region-row-fields';
import { DownloadInvoiceButton } from '../components/download-invoice-button';

const defaults: CheckInFormValues = {
  lot: '',
  lotRegion: '',
  lotRegionRow: '',
  fuelLevel: '',
  damage: '',
  parkedBy: '',
  dateParked: '',
  timeParked: '',
};

function toValues({ resource }: OneAnswer<BookingAttributes>): CheckInFormValues {
  const a = resource.attributes;
  const parked = a.timeParked ? new Date(a.timeParked) : null;
  const region = relatedId(resource, 'lotRegion') ?? '';
  return {
    lot: relatedId(resource, 'lot') ?? '',
    lotRegion: region,
    lotRegionRow: region && a.lotRegionRow ? String(a.lotRegionRow) : '',
    fuelLevel: a.fuelLevel ?? '',
    damage: a.damage ?? '',
    parkedBy: relatedId(resource, 'parkedBy') ?? '',
    dateParked: parked ? businessDate(parked, BUSINESS_TIME_ZONE) : '',
    timeParked: parked ? businessTimeOfDay(parked, BUSINESS_TIME_ZONE) : '',
  };
}

/**
 * Check a car in (back-office §2 "Booking check-in screen"): where it is parked (lot, region, row), its
 * fuel and damage, which valet parked it and when. Saving goes back to the booking list.
 */
export function BookingCheckInPage() {
  const { bookingId = '' } = useParams();
  const lots = useQuery(lotsQuery);
  const screen = useRecordForm({
    type: 'bookings',
    id: bookingId,
    schema: checkInFormSchema,
    defaults,
    toValues,
    toPayload: (values, context) => checkInPayload(values, BUSINESS_TIME_ZONE, context.isDirty('lot')),
    notFound: 'Booking not found',
    listHref: paths.adminBookings.path,
    editHref: (id) => adminHref(paths.adminBookingsCheckin, { bookingId: id }),
    createdMessage: 'Booking Updated',
    updatedMessage: 'Booking Updated',
    afterSave: 'list',
    invalidates: ['booking-logs'],
  });
  const { control } = screen.form;
  const booking = screen.record?.resource.attributes;
  const fuel = screen.form.watch('fuelLevel');
  const fuelOptions =
    fuel && !(FUEL_LEVELS as readonly string[]).includes(fuel) ? [...FUEL_LEVELS, fuel] : FUEL_LEVELS;

  return (
    <FormScreen
      title="Check In"
      subtitle={
        booking &&
        `${booking.bookingCode} · ${booking.firstName} ${booking.lastName} · ${booking.rego} · drop-off ${formatDateTime(booking.startDatetime)}${booking.channel ? ` · via ${booking.channel}` : ''}`
      }
      screen={screen}
      actions={<DownloadInvoiceButton bookingId={bookingId} />}
    >
      <FormSection title="Parking">
        <FieldGrid columns={3}>
          <FormSelectField
            control={control}
            name="lot"
            label="Parking Space"
            required
            placeholder={lots.isPending ? 'Loading…' : 'Select a car park'}
            options={(lots.data ?? []).map((lot) => ({ value: lot.id, label: lot.name }))}
          />
          <RegionRowFields control={control} />
        </FieldGrid>
      </FormSection>
      <FormSection title="Vehicle">
        <FieldGrid>
          <FormSelectField
            control={control}
            name="fuelLevel"
            label="Fuel Level"
            options={fuelOptions}
            placeholder="Not recorded"
          />
          <FormTextField
            control={control}
            name="damage"
            label="Damage"
            multiline
            minRows={2}
            helperText="Scratches, dents or anything else noticed"
          />
        </FieldGrid>
      </FormSection>
      <FormSection title="Parked">
        <FieldGrid columns={3}>
          <ParkedFields control={control} />
        </FieldGrid>
      </FormSection>
    </FormScreen>
  );
}
