import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useRef } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useShownError } from './entry-errors';
import { useValueTypedBeforeStart } from './typed-before-start';

export type FormTextFieldProps<TValues extends FieldValues, TOutput extends FieldValues> = {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
} & Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'>;

/** A labelled text field bound to a form field; its error shows beneath it. */
export function FormTextField<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const error = useShownError(control, fieldState);
  const input = useRef<HTMLInputElement | null>(null);
  useValueTypedBeforeStart(input, field.value, field.onChange);
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={(element: HTMLInputElement | null) => {
        input.current = element;
        field.ref(element);
      }}
      error={Boolean(error)}
      helperText={error?.message ?? helperText}
      fullWidth
    />
  );
}
