import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { stayDays } from '@parking/domain/dates';
import { dropOffTime, pickUpTime } from '@parking/domain/drop-off';
import type { ReactNode } from 'react';
import type { WizardState } from '../state/wizard-state';
import { BookingCosts } from './booking-costs';
import { dayAndDate, time12 } from '@/lib/format';
import { formatAud } from '@parking/domain/money';
import { useRunningTotal } from '../api/running-total';
import { money, quotePrice } from './formatting';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500, textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The running total before the extras step (the car park's quote until the flights give the stay its times). */
function RunningTotal({ state }: { state: WizardState }) {
  const total = useRunningTotal(state);
  if (total.cents === null) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Total
      </Typography>
      <Typography variant="body2" data-testid="summary-total" sx={{ fontWeight: 700 }}>
        {formatAud(total.cents)}
      </Typography>
    </Box>
  );
}

/**
 * The booking so far, beside every step: dates, car park and price, then what later steps added. From
 * the extras step on (`costs`), every charge with its discounts, the total with GST, and what is paid.
 */
export function StaySummary({ state, costs = false }: { state: WizardState; costs?: boolean }) {
  const { quote, car, flights, extras } = state;
  const days =
    quote.startDate && quote.endDate && quote.endDate >= quote.startDate
      ? stayDays(quote.startDate, quote.endDate)
      : 0;
  const dropOff = flights ? dropOffTime(flights) : '';
  const pickUp = flights ? pickUpTime(flights) : '';
  return (
    <Stack spacing={1.25}>
      <Row label="Departure">
        {dayAndDate(quote.startDate)}
        {dropOff && (
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
            drop off {time12(dropOff)}
          </Box>
        )}
      </Row>
      <Row label="Return">
        {dayAndDate(quote.endDate)}
        {pickUp && (
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
            pick up {time12(pickUp)}
          </Box>
        )}
      </Row>
      {days > 0 && <Row label="Stay">{days === 1 ? '1 day' : `${days} days`}</Row>}
      {car && <Row label="Vehicle">{`${car.rego} · ${car.make} ${car.model}`}</Row>}
      {quote.lotId && <Divider />}
      {costs ? (
        <BookingCosts state={state} />
      ) : (
        <>
          {quote.lotId && <Row label={`${quote.lotName} parking`}>{quotePrice(quote.price)}</Row>}
          {extras.ids.map((id) => (
            <Row key={id} label={extras.names[id] ?? 'Extra'}>
              {money(extras.prices[id])}
            </Row>
          ))}
          {extras.promoCode && <Row label="Promo code">{extras.promoCode}</Row>}
          {quote.lotId && <RunningTotal state={state} />}
        </>
      )}
    </Stack>
  );
}
