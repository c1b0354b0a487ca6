import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { DEFAULT_TIME_ZONE } from '@parking/domain/day-arithmetic';
import { messages } from '@parking/domain/messages';
import type { QuoteRefusals } from '@/lib/api/quotes';

// Intl rather than the domain's date library: the home page's quote form shows these too, and stays light.
const when = new Intl.DateTimeFormat('en-AU', {
  timeZone: DEFAULT_TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** '2026-12-10T10:30:00Z' → '10/12/2026, 9:30 pm' (public-site §9: D/M/YYYY, h:mm a, the car park's time). */
const instant = (iso: string) =>
  when
    .format(new Date(iso))
    .replace(/\s?([ap])\.?m\.?$/i, ' $1m')
    .toLowerCase();

/**
 * Under the quote's dates (the home form and step 1): every car park full (the spec's message), and the
 * parking blockouts that take part of the departure or return day, with their times (a drop-off or
 * pick-up inside them is refused at the flights step). A day taken whole is told beside its date instead.
 */
export function QuoteRefusalNotices({ refusals }: { refusals: QuoteRefusals }) {
  if (!refusals.allFull && refusals.partDay.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="quote-refusals">
      {refusals.allFull && <Alert severity="warning">{messages.lotFull}</Alert>}
      {refusals.partDay.map((blockout) => (
        <Alert severity="info" key={`${blockout.startDatetime}-${blockout.endDatetime}`}>
          {blockout.message} No drop-offs or pick-ups from {instant(blockout.startDatetime)} to{' '}
          {instant(blockout.endDatetime)}.
        </Alert>
      ))}
    </Stack>
  );
}
