import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { businessDate } from '@parking/domain/dates';
import { addMonths, monthLabel, monthOf } from '@parking/domain/partner-payments';
import { BUSINESS_TIME_ZONE } from '@/lib/format';

/** How many months back the picker offers (a month further back is one Previous click away). */
const MONTHS_OFFERED = 24;

/** The business's month now (YYYY-MM). */
export const currentMonth = () => monthOf(businessDate(new Date(), BUSINESS_TIME_ZONE));

/**
 * A statement month: the browser's own select of the last two years (this month first), with Previous and Next
 * beside it. Months are counted in the business's time zone.
 */
export function StatementMonthPicker({
  month,
  onChange,
  label = 'Month',
}: {
  month: string;
  onChange: (month: string) => void;
  label?: string;
}) {
  const now = currentMonth();
  const offered = Array.from({ length: MONTHS_OFFERED }, (_, index) => addMonths(now, -index));
  if (!offered.includes(month)) offered.push(month);
  offered.sort().reverse();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton aria-label="Previous month" onClick={() => onChange(addMonths(month, -1))}>
        <ChevronLeftIcon />
      </IconButton>
      <TextField
        select
        size="small"
        label={label}
        value={month}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 180 }}
      >
        {offered.map((value) => (
          <option key={value} value={value}>
            {monthLabel(value)}
          </option>
        ))}
      </TextField>
      <IconButton
        aria-label="Next month"
        onClick={() => onChange(addMonths(month, 1))}
        disabled={month >= now}
      >
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
