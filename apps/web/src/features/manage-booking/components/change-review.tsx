import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChangeQuoteAttributes } from '@parking/domain/api-contract/manage-booking';
import { formatMoneyText } from '@/lib/format';

/** The change as the server prices it: the new total, and what is to pay or to be refunded. */
export function ChangeReview({ quote }: { quote: ChangeQuoteAttributes }) {
  return (
    <Box role="status" sx={{ bgcolor: 'background.default', borderRadius: 3, p: 2.5 }}>
      {quote.changed.length === 0 ? (
        <Typography>Nothing has changed yet.</Typography>
      ) : (
        <>
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
