/**
 * Date and time inputs of the back office (back-office §5, §9): dates typed or picked as DD/MM/YYYY,
 * times as 24-hour HH:mm, an invalid typed date reverting to the last good one when the field is left.
 * Values are plain business-local strings: 'YYYY-MM-DD', 'HH:mm' and 'YYYY-MM-DDTHH:mm'; the screens turn
 * them into instants in the business's time zone (domain `businessInstant`), whatever the browser's zone.
 */
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersActionBarAction } from '@mui/x-date-pickers/PickersActionBar';
import { enAU } from 'date-fns/locale/en-AU';
import { format, isValid, parse } from 'date-fns';
import { useState, type ReactNode, type Ref } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export const DATE_FORMAT = 'dd/MM/yyyy';
export const TIME_FORMAT = 'HH:mm';

/** The pickers' language and week (Monday first, D/MM/YYYY), for the back office only: its chunk carries them. */
export function AdminLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enAU}>
      {children}
    </LocalizationProvider>
  );
}

type Kind = 'date' | 'time' | 'datetime';

const actionsWithToday: PickersActionBarAction[] = ['today', 'cancel', 'accept'];
const actions: PickersActionBarAction[] = ['cancel', 'accept'];

const patterns: Record<Kind, string> = { date: 'yyyy-MM-dd', time: 'HH:mm', datetime: "yyyy-MM-dd'T'HH:mm" };

/** 'YYYY-MM-DD' (or a time, or both) as the pickers' Date, in the browser's clock: only its fields matter. */
function toPickerValue(kind: Kind, value: string): Date | null {
  if (!value) return null;
  const text =
    kind === 'time' ? value.slice(0, 5) : kind === 'datetime' ? value.slice(0, 16) : value.slice(0, 10);
  const date = parse(text, patterns[kind], new Date(2000, 0, 1));
  return isValid(date) ? date : null;
}

const fromPickerValue = (kind: Kind, date: Date) => format(date, patterns[kind]);

/**
 * A date the staff member has finished typing. The year section takes its digits one at a time, and the
 * picker answers a real date at each (0002, 0020, 0202, then 2026): a year below 1000 is one still being
 * typed, kept on screen but never handed to the form (whose changes send quotes and extras look-ups).
 */
export const isWhole = (date: Date) => isValid(date) && date.getFullYear() >= 1000;

export interface DateInputProps {
  kind?: Kind;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** 'YYYY-MM-DD': days before it cannot be picked. */
  minDate?: string;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

/**
 * One input for a date, a time or both. A typed value that is not a real date stays on screen while it is
 * being typed and reverts to the last valid value when the field is left (back-office §5).
 */
export function DateInput({
  kind = 'date',
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  helperText,
  required,
  disabled,
  minDate,
  inputRef,
  size,
  fullWidth = true,
}: DateInputProps) {
  // Remounting the picker is how a half-typed invalid value is thrown away.
  const [generation, setGeneration] = useState(0);
  const [typedInvalid, setTypedInvalid] = useState(false);
  // What the picker shows, half-typed years included: the picker is controlled, and a value it reported
  // but did not get back would be taken as a reset, wiping the sections being typed. It follows the
  // form's value whenever that changes from outside.
  const [draft, setDraft] = useState<Date | null>(() => toPickerValue(kind, value));
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    setDraft(toPickerValue(kind, value));
  }

  const handleChange = (date: Date | null) => {
    setDraft(date);
    if (date === null) {
      setTypedInvalid(false);
      onChange('');
    } else if (isWhole(date)) {
      setTypedInvalid(false);
      onChange(fromPickerValue(kind, date));
    } else {
      setTypedInvalid(true);
    }
  };
  const handleBlur = () => {
    if (typedInvalid) {
      setTypedInvalid(false);
      setDraft(toPickerValue(kind, value));
      setGeneration((current) => current + 1);
    }
    onBlur?.();
  };

  const common = {
    label,
    value: draft,
    onChange: handleChange,
    disabled,
    slotProps: {
      textField: {
        name,
        error,
        helperText,
        required,
        onBlur: handleBlur,
        inputRef,
        size,
        fullWidth,
      },
      // The picker's own dialog on a phone; a popper beside the field on a desktop.
      actionBar: { actions: kind === 'date' ? actionsWithToday : actions },
    },
  };

  if (kind === 'time') return <TimePicker key={generation} {...common} format={TIME_FORMAT} ampm={false} />;
  if (kind === 'datetime') {
    return (
      <DateTimePicker
        key={generation}
        {...common}
        format={`${DATE_FORMAT} ${TIME_FORMAT}`}
        ampm={false}
        minDate={minDate ? (toPickerValue('date', minDate) ?? undefined) : undefined}
      />
    );
  }
  return (
    <DatePicker
      key={generation}
      {...common}
      format={DATE_FORMAT}
      minDate={minDate ? (toPickerValue('date', minDate) ?? undefined) : undefined}
    />
  );
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
    <DateInput
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
