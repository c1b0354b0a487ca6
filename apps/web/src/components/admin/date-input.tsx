import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { FieldRef } from '@mui/x-date-pickers/models';
import { useEffect, useRef, useState } from 'react';
import { AdminLocalization, DATE_FORMAT, usePickerInput, type DateInputProps } from './date-input-state';

export interface DateInputHandover {
  /** Opens the calendar as the input mounts: the light field stood in for it and its button was pressed. */
  openOnMount?: boolean;
  /**
   * Focuses this section (0 the day), or the calendar button, as the input mounts: the light field stood in
   * for it and had focus there.
   */
  focusOnMount?: number | 'button';
}

/** A date input (DD/MM/YYYY, typed or picked): the back office's date fields and day navigators. */
export function DateInput({
  openOnMount = false,
  focusOnMount,
  ...props
}: Omit<DateInputProps, 'kind'> & DateInputHandover) {
  const { key, common, minDate } = usePickerInput({ ...props, kind: 'date' });
  const [open, setOpen] = useState(openOnMount);
  const fieldRef = useRef<FieldRef<Date | null>>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [focusTarget] = useState(openOnMount ? undefined : focusOnMount);
  useEffect(() => {
    // Only the focus the light field lost with its removal: never taken back from where it has moved since.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (focusTarget === 'button')
      rootRef.current?.querySelector<HTMLElement>('[data-mui-picker-open-button]')?.focus();
    else if (focusTarget !== undefined) fieldRef.current?.focusField(focusTarget);
  }, [focusTarget]);
  return (
    <AdminLocalization>
      <DatePicker
        key={key}
        {...common}
        slotProps={{
          ...common.slotProps,
          textField: { ...common.slotProps.textField, ref: rootRef },
          field: { fieldRef },
        }}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        format={DATE_FORMAT}
        minDate={minDate}
      />
    </AdminLocalization>
  );
}
