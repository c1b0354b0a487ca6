import { useQuery } from '@tanstack/react-query';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormDateField } from '@/components/admin/date-fields';
import { FormSelectField } from '@/components/form/select-field';
import { staffCustomersQuery } from '../api/booking-lookups';

interface Values {
  parkedBy?: string;
  dateParked?: string;
  timeParked?: string;
}

/**
 * Parked By, Date Parked and Time Parked (back-office §3): who parked the car and when, in whichever form
 * holds them (the check-in screen, the desk's check-in dialog).
 */
export function ParkedFields<TValues extends Values & FieldValues, TOutput extends FieldValues>({
  control,
}: {
  control: Control<TValues, unknown, TOutput>;
}) {
  const field = (name: keyof Values) => name as Path<TValues>;
  const staff = useQuery(staffCustomersQuery);
  return (
    <>
      <FormSelectField
        control={control}
        name={field('parkedBy')}
        label="Parked By"
        placeholder={staff.isPending ? 'Loading…' : 'Select a staff member'}
        options={(staff.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
      />
      <FormDateField control={control} name={field('dateParked')} label="Date Parked" />
      <FormDateField control={control} name={field('timeParked')} kind="time" label="Time Parked" />
    </>
  );
}
