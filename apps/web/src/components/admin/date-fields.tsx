/**
 * Date and time inputs of the back office (back-office §5, §9): dates typed or picked as DD/MM/YYYY,
 * times as 24-hour HH:mm, an invalid typed date reverting to the last good one when the field is left.
 * Values are plain business-local strings: 'YYYY-MM-DD', 'HH:mm' and 'YYYY-MM-DDTHH:mm'; the screens turn
 * them into instants in the business's time zone (domain `businessInstant`), whatever the browser's zone.
 */
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput } from './date-input';
import {
  AdminLocalization,
  DATE_FORMAT,
  TIME_FORMAT,
  usePickerInput,
  type DateInputProps,
} from './date-input-state';

/** A time (24-hour HH:mm) or a date and time input. */
function TimeInput(props: DateInputProps & { kind: 'time' | 'datetime' }) {
  const { key, common, minDate } = usePickerInput(props);
  return (
    <AdminLocalization>
      {props.kind === 'time' ? (
        <TimePicker key={key} {...common} format={TIME_FORMAT} ampm={false} />
      ) : (
        <DateTimePicker
          key={key}
          {...common}
          format={`${DATE_FORMAT} ${TIME_FORMAT}`}
          ampm={false}
          minDate={minDate}
        />
      )}
    </AdminLocalization>
  );
}

/** One input for a date, a time or both. */
function DateTimeInput({ kind = 'date', ...props }: DateInputProps) {
  return kind === 'date' ? <DateInput {...props} /> : <TimeInput {...props} kind={kind} />;
}

export type FormDateFieldProps<TValues extends FieldValues, TOutput extends FieldValues> = {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  /** Takes over the change (it sets the form value itself), for a value that changes other fields too. */
  onValueChange?: (value: string) => void;
} & Omit<DateInputProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'inputRef'>;

/** A date, time or date-and-time input bound to a form field; its error shows beneath it. */
export function FormDateField<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  helperText,
  onValueChange,
  ...props
}: FormDateFieldProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateTimeInput
      {...props}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={onValueChange ?? field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
