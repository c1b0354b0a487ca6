import { SERVICES } from '@parking/domain/constants';

/** Timetable options (back-office §9: weekday, weekend) as the forms and lists show them. */
export const TIMETABLE_OPTIONS = SERVICES.map((value) => ({
  value,
  label: value === 'weekday' ? 'Weekday' : 'Weekend',
}));

export const timetableLabel = (value: string) =>
  TIMETABLE_OPTIONS.find((option) => option.value === value)?.label ?? value;
