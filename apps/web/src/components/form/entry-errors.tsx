/**
 * Errors of the fields inside a list's entries (an FAQ question, a menu item, a slide). react-hook-form
 * validates a whole field array as soon as an entry is added (in every mode but onSubmit and onBlur), so a
 * new entry's empty fields said "This field is required." before anything was typed (issue 40). Inside an
 * entry a field's error shows as everywhere else: once the field has been left, or the form submitted; the
 * server's errors show at once.
 */
import { createContext, useContext, type ReactNode } from 'react';
import {
  useFormState,
  type Control,
  type ControllerFieldState,
  type FieldError,
  type FieldValues,
} from 'react-hook-form';

const InEntry = createContext(false);

/** Wraps one entry of a field array: its fields keep their errors until left or submitted. */
export function FieldArrayEntry({ children }: { children: ReactNode }) {
  return <InEntry.Provider value>{children}</InEntry.Provider>;
}

/** The error a field shows now (see above); outside an entry, its error as it is. */
export function useShownError<TValues extends FieldValues, TOutput extends FieldValues>(
  control: Control<TValues, unknown, TOutput>,
  fieldState: ControllerFieldState,
): FieldError | undefined {
  const inEntry = useContext(InEntry);
  // Subscribed only inside an entry: other fields do not render again when the form is submitted.
  const { isSubmitted } = useFormState({ control, disabled: !inEntry });
  const { error } = fieldState;
  if (!error || !inEntry) return error;
  return fieldState.isTouched || isSubmitted || error.type === 'server' ? error : undefined;
}
