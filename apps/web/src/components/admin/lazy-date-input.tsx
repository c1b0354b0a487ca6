import EventIcon from '@mui/icons-material/Event';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import { createContext, forwardRef, useContext, useEffect, useId, useState } from 'react';
import type { DateInputHandover } from './date-input';
import type { DateInputProps } from './date-input-state';
import type * as DateInputModule from './date-input';
import { loadOnce } from '@/lib/load-once';

type Module = typeof DateInputModule;
/** The picker's code, fetched once; a failed fetch is forgotten so that the next interaction asks again. */
const pickerChunk = loadOnce<Module>(() => import('./date-input'));

export type LazyDateInputProps = Pick<DateInputProps, 'label' | 'value' | 'onChange' | 'name' | 'size'>;

/**
 * A date input whose picker (~50 kB gzip, issue 26) loads when the staff member reaches for it: until then
 * a light field draws the same box, label, DD/MM/YYYY sections and calendar button. Pointing at it,
 * focusing it or touching it fetches the picker, which takes its place: with the calendar open when the
 * button was pressed, with the focus where it was in the light field.
 */
export function LazyDateInput(props: LazyDateInputProps) {
  const [picker, setPicker] = useState<{ module: Module; handover: DateInputHandover } | undefined>(() => {
    const module = pickerChunk.loaded();
    return module ? { module, handover: {} } : undefined;
  });
  // What the staff member did to the light field, carried over to the picker when it arrives.
  const [handover, setHandover] = useState<DateInputHandover | undefined>();

  useEffect(() => {
    if (picker || !handover) return;
    let current = true;
    pickerChunk.load().then(
      (module) => current && setPicker({ module, handover }),
      // The light field stays; the next interaction tries again.
      () => current && setHandover(undefined),
    );
    return () => {
      current = false;
    };
  }, [picker, handover]);

  if (picker) {
    const { DateInput } = picker.module;
    return <DateInput {...props} {...picker.handover} />;
  }
  return (
    <DateInputPreview
      {...props}
      onIntent={(intent) =>
        setHandover((previous) => ({
          openOnMount: Boolean(previous?.openOnMount || intent.openOnMount),
          focusOnMount: intent.focusOnMount ?? previous?.focusOnMount,
        }))
      }
    />
  );
}

const monthName = new Intl.DateTimeFormat('en-AU', { month: 'long', timeZone: 'UTC' });
// The picker's words for a date (date-fns' en-AU 'PP', '3 Jun 2031'): Intl's en-AU says 'June' and 'Sept'.
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const longDate = (at: Date) => `${at.getUTCDate()} ${shortMonth.format(at)} ${at.getUTCFullYear()}`;

interface Section {
  label: string;
  text: string;
  now: number;
  min: number;
  max: number;
  valueText?: string;
  after: string;
}

/** The sections the picker draws for 'YYYY-MM-DD' (DD/MM/YYYY), with the same names and values. */
function sectionsOf(value: string): Section[] {
  const [year = '', month = '', day = ''] = value.split('-');
  const at = new Date(`${value}T00:00:00Z`);
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  return [
    { label: 'Day', text: day, now: Number(day), min: 1, max: daysInMonth, valueText: day, after: '/' },
    {
      label: 'Month',
      text: month,
      now: Number(month),
      min: 1,
      max: 12,
      valueText: Number.isNaN(at.getTime()) ? undefined : monthName.format(at),
      after: '/',
    },
    { label: 'Year', text: year, now: Number(year), min: 0, max: 9999, after: '' },
  ];
}

/** What the light field's input slot draws; a context, as InputBase hands its slot only input props. */
const SectionsContext = createContext<{ sections: Section[]; onSectionFocus: (index: number) => void }>({
  sections: [],
  onSectionFocus: () => undefined,
});

/** The input slot of the light field: the sections as text, each a spinbutton as in the picker. */
const Sections = forwardRef<HTMLDivElement, InputBaseComponentProps>(function Sections({ className }, ref) {
  const { sections, onSectionFocus } = useContext(SectionsContext);
  return (
    <div ref={ref} className={className}>
      {sections.map((section, index) => (
        <span key={section.label}>
          <span
            role="spinbutton"
            aria-label={section.label}
            aria-valuenow={section.now}
            aria-valuemin={section.min}
            aria-valuemax={section.max}
            aria-valuetext={section.valueText}
            tabIndex={index === 0 ? 0 : -1}
            inputMode="numeric"
            onFocus={() => onSectionFocus(index)}
          >
            {section.text}
          </span>
          {section.after}
        </span>
      ))}
    </div>
  );
});

function DateInputPreview({
  label,
  value,
  name,
  size,
  onIntent,
}: LazyDateInputProps & { onIntent: (intent: DateInputHandover) => void }) {
  const labelId = useId();
  const at = new Date(`${value}T00:00:00Z`);
  const chosen = Number.isNaN(at.getTime()) ? '' : `, selected date is ${longDate(at)}`;
  const [focused, setFocused] = useState(false);
  const sections = {
    sections: sectionsOf(value),
    onSectionFocus: (index: number) => onIntent({ focusOnMount: index }),
  };
  return (
    <FormControl
      fullWidth
      size={size}
      focused={focused}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPointerEnter={() => onIntent({})}
      onTouchStart={() => onIntent({})}
    >
      <InputLabel shrink id={labelId}>
        {label}
      </InputLabel>
      <SectionsContext value={sections}>
        <OutlinedInput
          label={label}
          notched
          role="group"
          aria-labelledby={labelId}
          inputComponent={Sections}
          // The picker's letter spacing, and its sections as blocks of their own (no kerning across them).
          sx={{
            letterSpacing: '0.00938em',
            '& .MuiInputBase-input': { display: 'flex', flexWrap: 'nowrap', overflow: 'hidden' },
            '& .MuiInputBase-input > span': { display: 'inline-block', whiteSpace: 'nowrap' },
          }}
          endAdornment={
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={`Choose date${chosen}`}
                onFocus={() => onIntent({ focusOnMount: 'button' })}
                onClick={() => onIntent({ openOnMount: true })}
              >
                <EventIcon />
              </IconButton>
            </InputAdornment>
          }
        />
      </SectionsContext>
      <input type="hidden" name={name} value={value} />
    </FormControl>
  );
}
