import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdminLocalization, DATE_FORMAT, usePickerInput, type DateInputProps } from './date-input-state';

/** A date input (DD/MM/YYYY, typed or picked): the back office's date fields and day navigators. */
export function DateInput(props: Omit<DateInputProps, 'kind'>) {
  const { key, common, minDate } = usePickerInput({ ...props, kind: 'date' });
  return (
    <AdminLocalization>
      <DatePicker key={key} {...common} format={DATE_FORMAT} minDate={minDate} />
    </AdminLocalization>
  );
}
