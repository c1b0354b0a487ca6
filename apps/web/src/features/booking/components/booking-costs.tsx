import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAud, isMoney, parseMoney } from '@parking/domain/money';
import { amountOwedCents } from '@parking/domain/stay-phase';
import { gstCents } from '@parking/domain/pricing';
import { runningTotalCents, useBookingCosts } from '../api/running-total';
import type { WizardState } from '../state/wizard-state';
import { money, percent } from './formatting';

const cents = (amount: string | undefined | null) => (amount && isMoney(amount) ? parseMoney(amount) : 0);

function Line({
  label,
  amount,
  strong,
  testId,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
      <Typography
        variant="body2"
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: strong ? 600 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        variant="body2"
        data-testid={testId}
        sx={{ fontWeight: strong ? 700 : 500, whiteSpace: 'nowrap' }}
      >
        {amount}
      </Typography>
    </Box>
  );
}

/**
 * Every charge of the booking so far as the server prices it (booking-quotes), with the discounts, the
 * total and its GST; once the booking is saved, its own total, what has been paid and what is due. The
 * lines add up to the total, so that what the traveller reads is what they pay.
 */
export function BookingCosts({ state }: { state: WizardState }) {
  const costs = useBookingCosts(state);
  const { quote, extras, booking } = state;
  if (!quote.lotId) return null;
  if (costs.isPending && costs.fetchStatus !== 'idle') {
    return (
      <Stack spacing={0.5} role="progressbar" aria-busy="true" aria-label="Calculating charges">
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </Stack>
    );
  }
  const data = costs.data;
  // The saved booking's total is what was charged; before saving, the calculation's (runningTotalCents).
  const totalCents = runningTotalCents(state, data) ?? 0;
  const paid = booking?.amountPaid;
  return (
    <Stack
      spacing={1}
      data-testid="booking-costs"
      aria-busy={costs.isPlaceholderData || undefined}
      sx={{ opacity: costs.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <Line label={`${quote.lotName} parking`} amount={money(data?.parkingCost ?? quote.price)} />
      {data && cents(data.subscriptionDiscount) > 0 && (
        <Line label="Covered by your subscription" amount={`−${money(data.subscriptionDiscount)}`} />
      )}
      {data && cents(data.amountDiscounted) > 0 && (
        <Line
          label={`Promo code ${extras.promoCode} (${percent(data.discountRate)} off)`}
          amount={`−${money(data.amountDiscounted)}`}
        />
      )}
      {extras.ids.map((id) => (
        <Line key={id} label={extras.names[id] ?? 'Extra'} amount={money(extras.prices[id])} />
      ))}
      {(data || booking) && (
        <>
          <Divider />
          <Line label="Total" amount={formatAud(totalCents)} strong testId="summary-total" />
          <Line label="Includes GST" amount={formatAud(gstCents(totalCents))} />
          {paid !== undefined && (
            <>
              <Line label="Paid" amount={money(paid)} strong testId="summary-paid" />
              {amountOwedCents(totalCents, cents(paid)) > 0 && (
                <Line
                  label="Balance due"
                  amount={formatAud(amountOwedCents(totalCents, cents(paid)))}
                  strong
                />
              )}
            </>
          )}
        </>
      )}
    </Stack>
  );
}
