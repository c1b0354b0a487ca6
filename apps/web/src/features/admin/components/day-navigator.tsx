import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { addDaysToDate } from '@parking/domain/dates';
import { LazyDateInput } from '@/components/admin/lazy-date-input';
import { businessToday } from '@/components/quote-dates-fields';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day a daily screen shows, from its query parameter (diary_date, imports_date), today when absent or
 * invalid. Two quick clicks on Previous day go back two days: each step counts from the last one asked
 * for, not from the address, which follows a moment later.
 */
export function useQueryDate(parameter: string) {
  const [search, setSearch] = useSearchParams();
  const requested = search.get(parameter) ?? '';
  const date = DATE.test(requested) && !Number.isNaN(Date.parse(requested)) ? requested : businessToday();
  const latest = useRef(date);
  useEffect(() => {
    latest.current = date;
  }, [date]);
  const setDate = (next: string) => {
    latest.current = next;
    setSearch({ [parameter]: next });
  };
  return { date, setDate, step: (days: number) => setDate(addDaysToDate(latest.current, days)) };
}

/** Previous day, the date picker, Next day and Today (back-office §2 "Diary", "Imports"). */
export function DayNavigator({ control, name }: { control: ReturnType<typeof useQueryDate>; name: string }) {
  const today = businessToday();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Tooltip title="Previous day">
        <IconButton aria-label="Previous day" onClick={() => control.step(-1)}>
          <ChevronLeftIcon />
        </IconButton>
      </Tooltip>
      <Box sx={{ width: 180 }}>
        <LazyDateInput
          label="Date"
          value={control.date}
          onChange={(next) => next && control.setDate(next)}
          size="small"
          name={name}
        />
      </Box>
      <Tooltip title="Next day">
        <IconButton aria-label="Next day" onClick={() => control.step(1)}>
          <ChevronRightIcon />
        </IconButton>
      </Tooltip>
      <Button size="small" onClick={() => control.setDate(today)} disabled={control.date === today}>
        Today
      </Button>
    </Stack>
  );
}
