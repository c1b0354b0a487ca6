import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChangeQuoteAttributes } from '@parking/domain/api-contract/manage-booking';
import { formatMoneyText } from '@/lib/format';
import type { ManagedBooking } from '../api/manage-booking';

function PriceLine({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: strong ? 700 : 400 }}
    >
      <span>{label}</span>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Box>
    </Box>
  );
}

const minus = (amount: string) => `−${formatMoneyText(amount)}`;

/**
 * The change as the server prices it, line by line: the stay as booked, the new stay's parking, its
 * discounts and extras, the new total, and the difference to pay or to be refunded.
 */
export function ChangeReview({ quote, booking }: { quote: ChangeQuoteAttributes; booking: ManagedBooking }) {
  return (
    <Box role="status" sx={{ bgcolor: 'background.default', borderRadius: 3, p: 2.5 }}>
      {quote.changed.length === 0 ? (
        <Typography>Nothing has changed yet.</Typography>
      ) : (
        <>
          <Box
            component="ul"
            aria-label="Price of the change"
            sx={{ listStyle: 'none', m: 0, mb: 1.5, p: 0 }}
          >
            <PriceLine label="Booked stay" amount={formatMoneyText(booking.totalCost)} />
            <PriceLine label="New stay: parking" amount={formatMoneyText(quote.parkingCost)} />
            {Number(quote.subscriptionDiscount) > 0 && (
              <PriceLine label="Subscription" amount={minus(quote.subscriptionDiscount)} />
            )}
            {Number(quote.amountDiscounted) > 0 && (
              <PriceLine label="Discount" amount={minus(quote.amountDiscounted)} />
            )}
            <PriceLine label="Extras" amount={formatMoneyText(quote.extrasCost)} />
            <PriceLine label="Paid so far" amount={formatMoneyText(quote.amountPaid)} />
          </Box>
          <Typography sx={{ fontWeight: 700 }}>New total: {formatMoneyText(quote.totalCost)}</Typography>
          <Typography>
            {Number(quote.amountDue) > 0
              ? `To pay now: ${formatMoneyText(quote.amountDue)}`
              : Number(quote.refund) > 0
                ? `To be refunded to your card: ${formatMoneyText(quote.refund)}`
                : 'No change in price.'}
          </Typography>
          {quote.promoDropped && (
            <Typography>{`The promo code ${quote.promoDropped} does not apply to the new dates, so the new total is without its discount.`}</Typography>
          )}
        </>
      )}
    </Box>
  );
}
