import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ChangeQuoteAttributes } from '@parking/domain/api-contract/manage-booking';
import { changeFormSchema, type ChangeFormInput } from '@parking/domain/manage-booking';
import { applyServerErrors, useZodForm } from '@/components/form/form';
import { ApiError } from '@/lib/api/client';
import {
  quoteChange,
  saveChange,
  type BookingChange,
  type ChangeAnswer,
  type ManagedBooking,
} from '../api/manage-booking';
import { defaultsOf } from './change-form-values';

/** The server names fields by the API's attributes and relationships; the form holds some differently. */
const FIELD_OF: Record<string, keyof ChangeFormInput> = {
  startDatetime: 'startLocal',
  endDatetime: 'endLocal',
  busDepartureTime: 'flightOut',
};

/**
 * The change form and its two calls: `quote` prices a change and keeps it as the review; `save` makes
 * the change reviewed. The server's refusals show on the fields they name, else as `failure`.
 */
export function useChangeBooking(booking: ManagedBooking, onSaved: (answer: ChangeAnswer) => void) {
  const form = useZodForm(changeFormSchema, { defaultValues: defaultsOf(booking) });
  const [review, setReview] = useState<{ change: BookingChange; quote: ChangeQuoteAttributes } | null>(null);
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
        if (field) form.setError(field, { type: 'server', message: item.detail });
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
  return { form, review, quote, save, failure: quote.error ?? save.error };
}
