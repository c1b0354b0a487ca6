import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { businessTimeOfDay, TIME_PATTERN } from '@parking/domain/dates';
import {
  placesTakenText,
  quieterSlots,
  slotLabel,
  slotLevel,
  slotLevelText,
  slotOf,
  slotOfBusinessTime,
  slotStart,
  slotStartLabel,
  type SlotLevel,
} from '@parking/domain/slots';
import { lotSlotsQuery, type DaySlots } from '@/lib/api/lot-slots';
import { BUSINESS_TIME_ZONE, dayAndDate } from '@/lib/format';

type Movement = 'drop-off' | 'pick-up';

const LEVEL_COLOUR: Record<SlotLevel, string> = {
  quiet: 'success.dark',
  busy: 'warning.dark',
  full: 'error.main',
};

export interface SlotVerdict {
  slot: number;
  level: SlotLevel;
  cars: number;
  capacity: number;
  quieter: number[];
}

/** How busy `time` on `date` is at the car park, and the quieter slots nearby that day (not gone by `now`). */
export function slotVerdict(
  day: DaySlots | undefined,
  date: string,
  time: string,
  now: Date,
): SlotVerdict | null {
  if (!day || day.capacity === null || !TIME_PATTERN.test(time)) return null;
  const slot = slotOfBusinessTime(date, time, BUSINESS_TIME_ZONE);
  const cars = day.loads.get(slot) ?? 0;
  const earliest = slotOf(now);
  const quieter = quieterSlots(slot, day.loads, day.capacity, {
    allowed: (candidate) => day.loads.has(candidate) && candidate > earliest,
  });
  return { slot, level: slotLevel(cars, day.capacity), cars, capacity: day.capacity, quieter };
}

/** The day's slots at a car park, asked only once a car park is chosen. */
export function useDaySlots(lotId: string, date: string) {
  return useQuery({ ...lotSlotsQuery(lotId, date), enabled: Boolean(lotId && date) });
}

interface SlotBusynessProps {
  movement: Movement;
  lotId: string;
  date: string;
  /** The chosen time, 'HH:mm' or 'HH:mm:ss' ('' while none). */
  time: string;
  /** Given when the time is typed (not flying, or another flight): a suggestion then sets it. */
  onPick?: ((time: string) => void) | undefined;
}

/**
 * How busy the desk is at the chosen drop-off or pick-up time (issue 24), with quieter times nearby. Shown
 * only for a car park with a slot limit; a full slot is refused beside the time when the step continues.
 */
export function SlotBusyness({ movement, lotId, date, time, onPick }: SlotBusynessProps) {
  const day = useDaySlots(lotId, date);
  const verdict = slotVerdict(day.data, date, time, new Date());
  if (!verdict) return null;
  const { slot, level, cars, capacity, quieter } = verdict;
  const noun = movement === 'drop-off' ? 'Drop-offs' : 'Pick-ups';
  return (
    <Box
      role="status"
      data-testid={`slot-busyness-${movement}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, bgcolor: 'background.paper' }}
    >
      <Typography variant="body2">
        <Box component="strong" sx={{ color: LEVEL_COLOUR[level] }}>
          {slotLevelText[level]}
        </Box>
        {`: ${placesTakenText(cars, capacity)} at the desk from ${slotLabel(slot, BUSINESS_TIME_ZONE)} (${noun.toLowerCase()} and collections together).`}
      </Typography>
      {level !== 'quiet' && quieter.length > 0 && (
        <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2" component="span">
            Quieter times nearby:
          </Typography>
          {quieter.map((candidate) => {
            const label = slotStartLabel(candidate, BUSINESS_TIME_ZONE);
            return onPick ? (
              <Button
                key={candidate}
                size="small"
                variant="outlined"
                aria-label={`Use ${label} for the ${movement}`}
                onClick={() => onPick(localTime(candidate))}
              >
                {label}
              </Button>
            ) : (
              <Typography key={candidate} variant="body2" component="span" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
            );
          })}
        </Box>
      )}
      {level !== 'quiet' && quieter.length > 0 && !onPick && movement === 'drop-off' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          An earlier flight, or another one, moves your drop-off.
        </Typography>
      )}
    </Box>
  );
}

/** A slot's start as the business's 'HH:mm' (what a time field holds). */
const localTime = (slot: number): string => businessTimeOfDay(slotStart(slot), BUSINESS_TIME_ZONE);

/** The busy and full slots of a day, earliest first. */
function crowdedSlots(day: DaySlots | undefined): Array<{ slot: number; level: SlotLevel }> {
  if (!day || day.capacity === null) return [];
  const capacity = day.capacity;
  return [...day.loads]
    .map(([slot, cars]) => ({ slot, level: slotLevel(cars, capacity) }))
    .filter((entry) => entry.level !== 'quiet')
    .sort((a, b) => a.slot - b.slot);
}

/**
 * Step 1's word on the desk (issue 24): the departure and return days' busy and full 15-minute slots at the
 * chosen car park, before the times are chosen at step 4. Nothing when the car park has no slot limit or
 * both days are quiet.
 */
export function BusyDeskTimes({
  lotId,
  startDate,
  endDate,
}: {
  lotId: string;
  startDate: string;
  endDate: string;
}) {
  const out = useDaySlots(lotId, startDate);
  const back = useDaySlots(lotId, endDate);
  const days = [
    { label: 'Drop-offs', date: startDate, slots: crowdedSlots(out.data) },
    { label: 'Pick-ups', date: endDate, slots: crowdedSlots(back.data) },
  ].filter((day) => day.slots.length > 0);
  if (days.length === 0) return null;
  return (
    <Box role="note" aria-label="Busy desk times" data-testid="busy-desk-times" sx={{ mt: 2 }}>
      {days.map((day) => (
        <Typography key={day.label} variant="body2" color="text.secondary">
          {`${day.label} on ${dayAndDate(day.date)}: `}
          {day.slots.map((entry, index) => (
            <Box component="span" key={entry.slot} sx={{ color: LEVEL_COLOUR[entry.level], fontWeight: 600 }}>
              {`${index > 0 ? ', ' : ''}${slotStartLabel(entry.slot, BUSINESS_TIME_ZONE)} ${slotLevelText[entry.level].toLowerCase()}`}
            </Box>
          ))}
          . Other times are quieter; you choose yours with your flights.
        </Typography>
      ))}
    </Box>
  );
}
