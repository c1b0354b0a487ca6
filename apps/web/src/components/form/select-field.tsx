import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useRef } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useShownError } from './entry-errors';
import { useValueTypedBeforeStart } from './typed-before-start';

export interface SelectOption {
  value: string;
  label: string;
}

export type FormSelectFieldProps<TValues extends FieldValues, TOutput extends FieldValues> = {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  options: readonly (SelectOption | string)[];
  /** The empty first choice, e.g. "Select a title". */
  placeholder?: string;
  /** Takes over the change (it sets the form value itself), for a choice that changes other fields too. */
  onValueChange?: (value: string) => void;
} & Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'select' | 'children'
>;

export const toOption = (option: SelectOption | string): SelectOption =>
  typeof option === 'string' ? { value: option, label: option } : option;

/**
 * A choice from a list. The browser's own select: a phone shows its native picker, a keyboard can type
 * to jump, a screen reader announces it properly.
 */
export function FormSelectField<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  options,
  placeholder = '',
  helperText,
  slotProps,
  onValueChange,
  ...props
}: FormSelectFieldProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const error = useShownError(control, fieldState);
  const select = useRef<HTMLSelectElement | null>(null);
  const choose = onValueChange ?? ((value: string) => field.onChange(value));
  // A choice made on the pre-rendered page before the app took it over (a wizard step loaded directly).
  useValueTypedBeforeStart(select, field.value, choose);
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => choose(event.target.value)}
      onBlur={field.onBlur}
      inputRef={(element: HTMLSelectElement | null) => {
        select.current = element;
        field.ref(element);
      }}
      error={Boolean(error)}
      helperText={error?.message ?? helperText}
      fullWidth
      slotProps={{ ...slotProps, select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{placeholder}</option>
      {options.map(toOption).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
