import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { slotLevel, slotLevelText, slotStartLabel } from '@parking/domain/slots';
import { lotSlotsQuery } from '@/lib/api/lot-slots';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import { lotsQuery } from '../api/booking-lookups';

const CHIP_COLOUR = { quiet: 'default', busy: 'warning', full: 'error' } as const;

function LotSlotLoad({ lotId, name, date }: { lotId: string; name: string; date: string }) {
  const day = useQuery(lotSlotsQuery(lotId, date));
  const used = day.data ? [...day.data.loads].filter(([, cars]) => cars > 0).sort(([a], [b]) => a - b) : [];
  const capacity = day.data?.capacity ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <Typography variant="subtitle2" component="h3">
        {name}
        <Typography component="span" variant="body2" color="text.secondary">
          {capacity === null ? ' · no slot limit' : ` · ${capacity} cars per 15 minutes`}
        </Typography>
      </Typography>
      {day.isPending ? (
        <Skeleton variant="rounded" height={28} role="progressbar" aria-label={`Loading ${name}'s slots`} />
      ) : day.isError ? (
        <Typography variant="body2" color="text.secondary">
          The slot load could not be loaded.
        </Typography>
      ) : used.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No drop-offs or pick-ups.
        </Typography>
      ) : (
        <Box
          role="list"
          aria-label={`${name} slot load`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
        >
          {used.map(([slot, cars]) => {
            const level = slotLevel(cars, capacity);
            const time = slotStartLabel(slot, BUSINESS_TIME_ZONE);
            const count = capacity === null ? `${cars}` : `${cars}/${capacity}`;
            return (
              <Chip
                key={slot}
                role="listitem"
                size="small"
                variant={level === 'quiet' ? 'outlined' : 'filled'}
                color={CHIP_COLOUR[level]}
                label={`${time} · ${count}`}
                aria-label={`${time}: ${cars} ${cars === 1 ? 'car' : 'cars'}${capacity === null ? '' : ` of ${capacity}, ${slotLevelText[level]}`}`}
              />
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/**
 * The desk's load on the diary's day (issue 24): per car park, every 15-minute slot with drop-offs or
 * pick-ups, counted as the booking's save counts them, busy and full slots coloured.
 */
export function DiarySlotLoad({ date }: { date: string }) {
  const lots = useQuery(lotsQuery);
  if (!lots.data || lots.data.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="slot-load-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="slot-load-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Slot load
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {lots.data.map((lot) => (
          <LotSlotLoad key={lot.id} lotId={lot.id} name={lot.name} date={date} />
        ))}
      </Box>
    </Card>
  );
}
