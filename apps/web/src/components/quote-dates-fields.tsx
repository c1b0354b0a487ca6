import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useMemo, useRef, useState } from 'react';
import { QUOTE_QUERY } from '@/config/paths';
import { useValueTypedBeforeStart } from '@/components/form/typed-before-start';
import { DEFAULT_TIME_ZONE } from '@parking/domain/day-arithmetic';
import { followDeparture, quoteDateOrderProblems, type QuoteDateField } from '@parking/domain/quote-dates';
import { DEFAULT_STAY_LIMITS, type StayLimits } from '@parking/domain/stay-limits';

export interface QuoteDates {
  startDate: string;
  endDate: string;
}

// 'en-CA' writes dates as YYYY-MM-DD. Intl rather than date-fns keeps the home page light.
const dayInBusinessZone = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today at the car park, 'YYYY-MM-DD': the quote form's default and its earliest departure. */
export const businessToday = () => dayInBusinessZone.format(new Date());

/**
 * The quote form's two dates (public-site §2 "Home quote form", §5): both default to today, moving the
 * departure after the return moves the return with it, and a field shows its problem once it has been
 * changed or left. Shared by the home page and the wizard's first step. `limits` are the server's
 * (the longest stay, how far ahead): a stay past them is told beside the field, before submitting.
 */
export function useQuoteDates(initial?: Partial<QuoteDates>, limits: StayLimits = DEFAULT_STAY_LIMITS) {
  const today = useMemo(businessToday, []);
  const [dates, setDates] = useState<QuoteDates>(() => ({
    startDate: initial?.startDate || today,
    endDate: initial?.endDate || initial?.startDate || today,
  }));
  const [touched, setTouched] = useState<Record<QuoteDateField, boolean>>({
    startDate: false,
    endDate: false,
  });
  const problems = quoteDateOrderProblems(dates.startDate, dates.endDate, today, limits);
  const errors: Partial<Record<QuoteDateField, string>> = {};
  for (const problem of problems) if (touched[problem.field]) errors[problem.field] = problem.message;

  return {
    dates,
    today,
    errors,
    isValid: problems.length === 0,
    touch: (field: QuoteDateField) => setTouched((current) => ({ ...current, [field]: true })),
    /** Shows every problem, for a submit that was refused. */
    touchAll: () => setTouched({ startDate: true, endDate: true }),
    setStartDate: (startDate: string) => {
      setDates((current) => ({ startDate, endDate: followDeparture(startDate, current.endDate) }));
      setTouched((current) => ({ ...current, startDate: true }));
    },
    setEndDate: (endDate: string) => {
      setDates((current) => ({ ...current, endDate }));
      setTouched((current) => ({ ...current, endDate: true }));
    },
    reset: (next: QuoteDates) => setDates(next),
  };
}

type QuoteDatesControl = ReturnType<typeof useQuoteDates>;

interface QuoteDatesFieldsProps {
  control: QuoteDatesControl;
  /** Two columns from this breakpoint up; one above the other below it. */
  columnsFrom?: 'xs' | 'sm' | 'md';
  disabled?: boolean;
  /**
   * What refuses a booking on a date whatever the times (a parking blockout's message on the day it takes
   * whole), told beside that date from the start, not only once the field has been touched.
   */
  refusals?: Partial<Record<QuoteDateField, string | undefined>>;
}

interface DateFieldProps {
  name: QuoteDateField;
  label: string;
  value: string;
  min: string;
  error: string | undefined;
  disabled: boolean | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * A labelled date input with its error beneath. Built from MUI's input parts rather than TextField,
 * which would bring its select and menu machinery to the home page for two date fields.
 */
function DateField({ name, label, value, min, error, disabled, onChange, onBlur }: DateFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useValueTypedBeforeStart(input, value, onChange);
  return (
    <FormControl fullWidth required error={Boolean(error)} disabled={disabled}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        type="date"
        // The wizard's own query names: before the app has started, the form submits as a plain GET form.
        name={QUOTE_QUERY[name]}
        inputRef={input}
        label={label}
        notched
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        inputProps={{ min, 'aria-describedby': error ? `${id}-error` : undefined }}
      />
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}

/** The departure and return date fields: the phone's own date picker, errors beside each field. */
export function QuoteDatesFields({ control, columnsFrom = 'sm', disabled, refusals }: QuoteDatesFieldsProps) {
  const { dates, errors, today } = control;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', [columnsFrom]: '1fr 1fr' },
        alignItems: 'start',
      }}
    >
      <DateField
        name="startDate"
        label="Departure date"
        value={dates.startDate}
        min={today}
        error={errors.startDate ?? refusals?.startDate}
        disabled={disabled}
        onChange={control.setStartDate}
        onBlur={() => control.touch('startDate')}
      />
      <DateField
        name="endDate"
        label="Return date"
        value={dates.endDate}
        min={dates.startDate || today}
        error={errors.endDate ?? refusals?.endDate}
        disabled={disabled}
        onChange={control.setEndDate}
        onBlur={() => control.touch('endDate')}
      />
    </Box>
  );
}
