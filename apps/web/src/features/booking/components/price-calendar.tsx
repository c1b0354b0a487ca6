import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { parseMoney } from '@parking/domain/money';
import { markCheaper } from '@parking/domain/price-calendar';
import { daysBetween, stayDays } from '@parking/domain/day-arithmetic';
import { dayAndDate, shortWeekday } from '@/lib/format';
import { priceCalendarQuery, type CalendarQuote } from '../api/price-calendar';

interface PriceCalendarProps {
  startDate: string;
  endDate: string;
  /** The car park whose prices are shown (the chosen one, else the first quoted). */
  lotId: string;
  lotName: string;
  onPick: (dates: { startDate: string; endDate: string }) => void;
}

const dayMonth = (date: string) => {
  const [, month, day] = date.split('-').map(Number);
  return `${day}/${month}`;
};

/**
 * Step 1's price calendar (issue 24): the same stay starting up to three days earlier or later at the chosen
 * car park, the days cheaper than the chosen one marked. Picking a day moves both dates by as many days.
 */
export function PriceCalendar({ startDate, endDate, lotId, lotName, onPick }: PriceCalendarProps) {
  const calendar = useQuery(priceCalendarQuery(startDate, endDate));
  const days = stayDays(startDate, endDate);
  const cells: Array<CalendarQuote & { offset: number; cents: number | null }> = (calendar.data ?? [])
    .filter((quote) => quote.lotId === lotId)
    .map((quote) => ({
      ...quote,
      offset: daysBetween(startDate, quote.startDate),
      cents: quote.unavailable ? null : parseMoney(quote.price),
    }));
  const marked = markCheaper(cells);
  const anyCheaper = marked.some((entry) => entry.cheaper);
  // Why the closed days are closed: each blockout's own message, once, under the days.
  const closedMessages = [
    ...new Set(
      cells.flatMap((cell) => (cell.unavailable?.reason === 'closed' ? [cell.unavailable.message] : [])),
    ),
  ];

  return (
    <Box component="section" aria-labelledby="price-calendar-title" sx={{ mt: 4 }}>
      <Typography id="price-calendar-title" variant="h5" component="h3" sx={{ mb: 0.5 }}>
        Flexible dates?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {`${lotName} for ${days === 1 ? '1 day' : `${days} days`}, leaving a few days earlier or later.`}
        {anyCheaper ? ' Cheaper days are marked.' : ''}
      </Typography>
      {calendar.isPending ? (
        <Skeleton variant="rounded" height={76} role="progressbar" aria-label="Loading the price calendar" />
      ) : calendar.isError || marked.length === 0 ? (
        <Typography color="text.secondary">No other days to compare.</Typography>
      ) : (
        <>
          <Box
            role="list"
            aria-label="Prices of nearby departure days"
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: 'repeat(4, minmax(0, 1fr))', sm: 'repeat(7, minmax(0, 1fr))' },
            }}
          >
            {marked.map(({ cell, cheaper, cheapest }) => {
              const chosen = cell.offset === 0;
              const standing =
                cell.unavailable?.reason === 'closed'
                  ? `closed. ${cell.unavailable.message}`
                  : cell.unavailable
                    ? 'full, not available online'
                    : cell.formattedPrice;
              const label = `Leave ${dayAndDate(cell.startDate)}, back ${dayAndDate(cell.endDate)}: ${standing}${
                chosen ? ' (your dates)' : cheapest ? ' (cheapest)' : cheaper ? ' (cheaper)' : ''
              }`;
              return (
                <Box role="listitem" key={cell.startDate} sx={{ minWidth: 0 }}>
                  <ButtonBase
                    focusRipple
                    disabled={chosen || cell.cents === null}
                    aria-label={label}
                    aria-current={chosen ? 'date' : undefined}
                    data-cheaper={cheaper ? 'true' : undefined}
                    onClick={() => onPick({ startDate: cell.startDate, endDate: cell.endDate })}
                    sx={{
                      width: '100%',
                      display: 'flex',
                      flexDirection: 'column',
                      py: 1,
                      px: 0.5,
                      borderRadius: 2,
                      border: 2,
                      borderColor: chosen ? 'primary.main' : cheaper ? 'success.main' : 'divider',
                      bgcolor: cheaper ? 'rgba(46, 125, 50, 0.08)' : 'background.paper',
                      '&:focus-visible': { outline: '3px solid #1F5FD1', outlineOffset: 2 },
                      '&.Mui-disabled': { opacity: cell.cents === null ? 0.6 : 1 },
                    }}
                  >
                    <Typography variant="caption" component="span" color="text.secondary">
                      {shortWeekday(cell.startDate)}
                    </Typography>
                    <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                      {dayMonth(cell.startDate)}
                    </Typography>
                    <Typography
                      variant="body2"
                      component="span"
                      sx={{ fontWeight: 700, color: cheaper ? 'success.dark' : 'text.primary' }}
                    >
                      {cell.unavailable?.reason === 'closed'
                        ? 'Closed'
                        : cell.unavailable
                          ? 'Full'
                          : cell.formattedPrice}
                    </Typography>
                    {(cheaper || chosen) && (
                      <Typography
                        variant="caption"
                        component="span"
                        sx={{ color: cheaper ? 'success.dark' : 'primary.main' }}
                      >
                        {chosen ? 'Your dates' : cheapest ? 'Cheapest' : 'Cheaper'}
                      </Typography>
                    )}
                  </ButtonBase>
                </Box>
              );
            })}
          </Box>
          {closedMessages.map((message) => (
            <Typography key={message} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
                Closed:
              </Box>{' '}
              {message}
            </Typography>
          ))}
        </>
      )}
    </Box>
  );
}
