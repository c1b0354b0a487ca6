/**
 * What the back office's date, time and date-and-time inputs share (back-office §5, §9): their formats,
 * their language and week, and how a typed value becomes the form's string. The pickers themselves are in
 * date-input.tsx (dates) and date-fields.tsx (times too), so that a screen with only a date field never
 * downloads the time pickers.
 */
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersActionBarAction } from '@mui/x-date-pickers/PickersActionBar';
import { enAU } from 'date-fns/locale/en-AU';
import { format, isValid, parse } from 'date-fns';
import { useState, type ReactNode, type Ref } from 'react';

export const DATE_FORMAT = 'dd/MM/yyyy';
export const TIME_FORMAT = 'HH:mm';

/**
 * The pickers' language and week (Monday first, D/MM/YYYY), around each input: the admin frame then
 * carries no picker code, and a screen downloads it only with a date field.
 */
export function AdminLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enAU}>
      {children}
    </LocalizationProvider>
  );
}

export type Kind = 'date' | 'time' | 'datetime';

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
const isWhole = (date: Date) => isValid(date) && date.getFullYear() >= 1000;

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
 * The state of one input for a date, a time or both. A typed value that is not a real date stays on screen
 * while it is being typed and reverts to the last valid value when the field is left (back-office §5):
 * `key` remounts the picker, which is how a half-typed invalid value is thrown away.
 */
export function usePickerInput({
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

  return {
    key: generation,
    common,
    minDate: minDate ? (toPickerValue('date', minDate) ?? undefined) : undefined,
  };
}
