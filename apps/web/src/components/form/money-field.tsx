import InputAdornment from '@mui/material/InputAdornment';
import { useController, type FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './text-field';

/** An amount typed as 12.5 and shown as 12.50 once the field is left. */
const twoPlaces = (value: string) =>
  /^\d{1,9}(\.\d{0,2})?$/.test(value.trim()) ? Number(value).toFixed(2) : value;

/**
 * A money amount in dollars (back-office §5 "Currency fields format as AUD"): a $ before it, a decimal
 * keypad on a phone, two decimal places after it is left.
 */
export function FormMoneyField<TValues extends FieldValues, TOutput extends FieldValues>(
  props: FormTextFieldProps<TValues, TOutput>,
) {
  const { field } = useController({ control: props.control, name: props.name });
  return (
    <FormTextField
      autoComplete="off"
      {...props}
      onBlurCapture={() => {
        const value = typeof field.value === 'string' ? field.value : '';
        const formatted = twoPlaces(value);
        if (formatted !== value) field.onChange(formatted);
      }}
      slotProps={{
        ...props.slotProps,
        htmlInput: { inputMode: 'decimal' },
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
      }}
    />
  );
}
