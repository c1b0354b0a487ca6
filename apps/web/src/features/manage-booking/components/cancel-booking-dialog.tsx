import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { formatMoneyText } from '@/lib/format';
import type { ManagedBooking } from '../api/manage-booking';

interface Props {
  booking: ManagedBooking;
  open: boolean;
  pending: boolean;
  error: string;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before cancelling, with the refund the settings' rule gives now. */
export function CancelBookingDialog({ booking, open, pending, error, onClose, onConfirm }: Props) {
  const refund = booking.cancellationRefund ?? '0.00';
  return (
    <ResponsiveDialog open={open} onClose={onClose} title="Cancel this booking?" maxWidth={520}>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Typography sx={{ mb: 1.5 }}>
          Booking {booking.bookingCode} will be cancelled and its parking space released. This cannot be
          undone.
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>
          {Number(refund) > 0
            ? `You will be refunded ${formatMoneyText(refund)} to your card.`
            : 'No refund is due on this booking.'}
        </Typography>
        {!booking.fullParkingRefund && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Parking is refunded in full only when a booking is cancelled more than {booking.fullRefundHours}{' '}
            hours before drop-off; extras are always refunded.
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose}>Keep my booking</Button>
        <Button
          variant="contained"
          color="error"
          onClick={onConfirm}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Cancel booking
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
