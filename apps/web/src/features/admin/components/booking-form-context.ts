import type { UseFormReturn } from 'react-hook-form';
import type { StaffBookingForm, StaffBookingFormValues } from '@parking/domain/booking-form';

/** The booking form's react-hook-form handle, as each of its sections receives it. */
export type BookingForm = UseFormReturn<StaffBookingFormValues, unknown, StaffBookingForm>;
