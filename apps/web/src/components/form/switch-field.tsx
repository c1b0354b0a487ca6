import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface FormSwitchFieldProps<TValues extends FieldValues, TOutput extends FieldValues> {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  label: string;
  helperText?: ReactNode;
  disabled?: boolean;
  /** Takes over the change (it sets the form value itself), for a flag that changes other fields too. */
  onValueChange?: (checked: boolean) => void;
}

/** An on/off setting bound to a boolean form field (Publicly Visible, Departure). */
export function FormSwitchField<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  label,
  helperText,
  disabled,
  onValueChange,
}: FormSwitchFieldProps<TValues, TOutput>) {
  const { field } = useController({ control, name });
  const helperId = helperText ? `${field.name}-helper` : undefined;
  return (
    <Box>
      <FormControlLabel
        label={label}
        disabled={disabled}
        control={
          <Switch
            name={field.name}
            checked={field.value === true}
            onChange={(event) =>
              onValueChange ? onValueChange(event.target.checked) : field.onChange(event.target.checked)
            }
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': helperId } }}
          />
        }
      />
      {helperText && (
        <FormHelperText id={helperId} sx={{ mt: -0.5, ml: 0 }}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
