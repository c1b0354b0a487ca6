import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { toOption, type SelectOption } from './select-field';

interface FormCheckboxGroupFieldProps<TValues extends FieldValues, TOutput extends FieldValues> {
  control: Control<TValues, unknown, TOutput>;
  /** A field holding a list of the options' values. */
  name: Path<TValues>;
  label: string;
  options: readonly (SelectOption | string)[];
  disabled?: boolean;
  required?: boolean;
  helperText?: ReactNode;
  /** Side by side from a tablet up; one a line on a phone. */
  row?: boolean;
}

/**
 * Several choices from a short list (a user's roles): a fieldset of checkboxes, which every screen
 * reader announces as a group with its legend, and which shows every choice at once.
 */
export function FormCheckboxGroupField<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  label,
  options,
  disabled,
  required,
  helperText,
  row = true,
}: FormCheckboxGroupFieldProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const helperId = useId();
  const value: unknown = field.value;
  const selected = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
  const toggle = (choice: string, checked: boolean) => {
    const next = checked ? [...selected, choice] : selected.filter((item) => item !== choice);
    // In the options' order, whatever order they were ticked in.
    field.onChange(
      options
        .map(toOption)
        .map((option) => option.value)
        .filter((item) => next.includes(item)),
    );
  };
  const message = fieldState.error?.message ?? helperText;
  return (
    <FormControl
      component="fieldset"
      error={Boolean(fieldState.error)}
      disabled={disabled}
      required={required}
      aria-describedby={message ? helperId : undefined}
    >
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <FormGroup row={row} onBlur={field.onBlur}>
        {options.map(toOption).map((option, index) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                name={field.name}
                value={option.value}
                checked={selected.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
              />
            }
          />
        ))}
      </FormGroup>
      {message && <FormHelperText id={helperId}>{message}</FormHelperText>}
    </FormControl>
  );
}
