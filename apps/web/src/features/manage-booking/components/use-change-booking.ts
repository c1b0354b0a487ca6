import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
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
  type StayExtension,
} from '../api/manage-booking';
import { defaultsOf } from './change-form-values';

/** The server names fields by the API's attributes and relationships; the form holds some differently. */
const FIELD_OF: Record<string, keyof ChangeFormInput> = {
  startDatetime: 'startLocal',
  endDatetime: 'endLocal',
  busDepartureTime: 'flightOut',
};

/** A change the server prices and saves: the change form's, or an extension's later pick-up. */
type AnyChange = BookingChange | StayExtension;

/**
 * A form's two calls to the server: `quote` prices a change and keeps it as the review; `save` makes the
 * change reviewed. Any edit of the form drops the review (a price is for the values reviewed). The server's
 * refusals show on the fields `fieldOf` names for its attributes, else as `failure`.
 */
export function useReviewedChange<TValues extends FieldValues, TOutput extends FieldValues>(
  booking: ManagedBooking,
  form: UseFormReturn<TValues, unknown, TOutput>,
  fieldOf: Readonly<Record<string, Path<TValues>>>,
  onSaved: (answer: ChangeAnswer) => void,
) {
  const [review, setReview] = useState<{ change: AnyChange; quote: ChangeQuoteAttributes } | null>(null);
  useEffect(() => {
    const subscription = form.watch(() => setReview(null));
    return () => subscription.unsubscribe();
  }, [form]);
  const showErrors = (error: unknown) => {
    if (error instanceof ApiError) {
      for (const item of error.errors) {
        const attribute = /^\/data\/attributes\/(\w+)$/.exec(item.source?.pointer ?? '')?.[1] ?? '';
        const field = fieldOf[attribute];
        if (field) form.setError(field, { type: 'server', message: item.detail });
      }
    }
    applyServerErrors(form, error);
  };
  const quote = useMutation({
    mutationFn: async (change: AnyChange) => ({ change, quote: await quoteChange(booking.id, change) }),
    onSuccess: setReview,
    onError: showErrors,
  });
  const save = useMutation({
    mutationFn: (change: AnyChange) => saveChange(booking.id, change),
    onSuccess: onSaved,
    onError: showErrors,
  });
  return { review, quote, save, failure: quote.error ?? save.error };
}

/** The change form (every field of a booking not yet dropped off) and its two calls. */
export function useChangeBooking(booking: ManagedBooking, onSaved: (answer: ChangeAnswer) => void) {
  const form = useZodForm(changeFormSchema, { defaultValues: defaultsOf(booking) });
  return { form, ...useReviewedChange(booking, form, FIELD_OF, onSaved) };
}
