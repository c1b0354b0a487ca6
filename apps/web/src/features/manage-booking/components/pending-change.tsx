import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PendingChangeAttributes } from '@parking/domain/api-contract/manage-booking';
import { ChargeLine } from '@/components/detail-section';
import { formatDateTime, formatMoneyText } from '@/lib/format';
import type { ManagedBooking } from '../api/manage-booking';
import { CardPayment } from './card-payment';

const nonZero = (amount: string) => Number(amount) !== 0;

/** A stay as "drop-off → pick-up". */
function Stay({ label, start, end }: { label: string; start: string; end: string | null }) {
  return (
    <Box component="section" aria-label={label}>
      <Typography variant="overline" component="h3" color="primary.light">
        {label}
      </Typography>
      <Typography>Drop-off {formatDateTime(start)}</Typography>
      <Typography>Pick-up {end ? formatDateTime(end) : 'open'}</Typography>
    </Box>
  );
}

interface PendingChangeProps {
  booking: ManagedBooking;
  change: PendingChangeAttributes;
  /** Now, for whether the hold has lapsed. */
  now: Date;
  billing: { email: string; name: string; phone: string };
  onPaid: () => void;
  onKeep: () => void;
  keeping: boolean;
  keepError: string;
}

/**
 * A dearer change waiting for its difference (issue 40): the stay as booked and as changed, the new price
 * line by line with the difference, how long the new places are held, the card form, and the way back.
 */
export function PendingChange({
  booking,
  change,
  now,
  billing,
  onPaid,
  onKeep,
  keeping,
  keepError,
}: PendingChangeProps) {
  const held = Date.parse(change.holdExpires) > now.getTime();
  return (
    <Stack spacing={2.5}>
      <Typography>
        Your booking stays as it is until the difference is paid. Pay it below to make this change, or keep
        your booking as it is.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Stay label="Booked" start={booking.startDatetime} end={booking.endDatetime} />
        <Stay label="Changed to" start={change.startDatetime} end={change.endDatetime} />
      </Box>
      <Box
        component="section"
        aria-label="Price of the change"
        sx={{ bgcolor: 'background.default', borderRadius: 3, p: 2.5 }}
      >
        <Stack spacing={0.75}>
          <ChargeLine label="New stay: parking" amount={formatMoneyText(change.parkingCost)} />
          {nonZero(change.subscriptionDiscount) && (
            <ChargeLine label="Subscription" amount={`−${formatMoneyText(change.subscriptionDiscount)}`} />
          )}
          {nonZero(change.amountDiscounted) && (
            <ChargeLine label="Discount" amount={`−${formatMoneyText(change.amountDiscounted)}`} />
          )}
          <ChargeLine label="Extras" amount={formatMoneyText(change.extrasCost)} />
          <Divider />
          <ChargeLine label="New total" amount={formatMoneyText(change.totalCost)} strong />
          <ChargeLine label="Booked total" amount={formatMoneyText(booking.totalCost)} />
          <ChargeLine label="Difference to pay" amount={formatMoneyText(change.amountDue)} strong />
        </Stack>
        {change.promoDropped && (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            {`The promo code ${change.promoDropped} does not apply to the new dates, so the new total is without its discount.`}
          </Typography>
        )}
      </Box>
      <Alert severity={held ? 'info' : 'warning'}>
        {held
          ? `The places for your new dates are held for you until ${formatDateTime(change.holdExpires)}.`
          : 'The hold on your new dates has lapsed: if you pay now, the change is made if the car park still has room, otherwise your payment is refunded.'}
      </Alert>
      {change.clientSecret && (
        <CardPayment
          clientSecret={change.clientSecret}
          amount={formatMoneyText(change.amountDue)}
          billing={billing}
          onPaid={onPaid}
        />
      )}
      {keepError && (
        <Alert severity="error" role="alert">
          {keepError}
        </Alert>
      )}
      <Box>
        <Button
          variant="outlined"
          onClick={onKeep}
          disabled={keeping}
          startIcon={keeping ? <CircularProgress size={16} color="inherit" aria-hidden /> : <UndoIcon />}
        >
          Keep my booking as it is
        </Button>
      </Box>
    </Stack>
  );
}
