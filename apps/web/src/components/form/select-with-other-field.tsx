import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState, type ChangeEvent } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useValueTypedBeforeStart } from './typed-before-start';

const OTHER = 'Other';

interface FormSelectWithOtherFieldProps<TValues extends FieldValues, TOutput extends FieldValues> {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  label: string;
  /** The list, ending with "Other" (added if missing). */
  options: readonly string[];
  /** Label of the free-text field shown for Other, e.g. "Other make". */
  otherLabel: string;
  placeholder?: string;
  required?: boolean;
}

/**
 * A list that ends with Other, which opens a free-text field (spec: vehicle make and colour). The form
 * value is the text itself, a list entry or what was typed, so one "required" rule covers both.
 */
export function FormSelectWithOtherField<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  label,
  options,
  otherLabel,
  placeholder = '',
  required,
}: FormSelectWithOtherFieldProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const list = options.includes(OTHER) ? options : [...options, OTHER];
  const value: string = typeof field.value === 'string' ? field.value : '';
  // A saved value that is not on the list (typed under Other before) opens with Other selected.
  const [otherSelected, setOtherSelected] = useState(
    () => value !== '' && (!list.includes(value) || value === OTHER),
  );
  const otherInput = useRef<HTMLInputElement>(null);
  const error = fieldState.error?.message;

  const select = useRef<HTMLSelectElement | null>(null);
  const choose = (chosen: string) => {
    if (chosen === OTHER) {
      setOtherSelected(true);
      field.onChange('');
      // After the free-text field has rendered.
      setTimeout(() => otherInput.current?.focus(), 0);
    } else {
      setOtherSelected(false);
      field.onChange(chosen);
    }
  };

  // A choice made on the pre-rendered page before the app took it over (a wizard step loaded directly).
  useValueTypedBeforeStart(select, otherSelected ? OTHER : value, choose);

  return (
    <Stack spacing={2}>
      <TextField
        select
        label={label}
        required={required}
        name={`${field.name}-choice`}
        value={otherSelected ? OTHER : value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.value)}
        onBlur={otherSelected ? undefined : field.onBlur}
        inputRef={(element: HTMLSelectElement | null) => {
          select.current = element;
          if (!otherSelected) field.ref(element);
        }}
        error={!otherSelected && Boolean(error)}
        helperText={otherSelected ? undefined : error}
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{placeholder}</option>
        {list.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </TextField>
      {otherSelected && (
        <TextField
          label={otherLabel}
          required={required}
          name={field.name}
          value={value === OTHER ? '' : value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          inputRef={(element: HTMLInputElement | null) => {
            otherInput.current = element;
            field.ref(element);
          }}
          error={Boolean(error)}
          helperText={error}
          fullWidth
        />
      )}
    </Stack>
  );
}
