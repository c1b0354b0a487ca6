import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { ResponsiveDialog } from '@/components/responsive-dialog';

const LEAVE_PAYMENT_TEXT = 'Your booking will not be saved.';

/** Asked when the payment step is left any way but a confirmed payment (public-site §4). */
export function LeavePaymentDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <ResponsiveDialog open={open} onClose={onStay} title="Leave without paying?" maxWidth={480}>
      <DialogContent>
        <Typography>{LEAVE_PAYMENT_TEXT}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onLeave} color="inherit">
          Leave
        </Button>
        <Button onClick={onStay} variant="contained" autoFocus>
          Stay and pay
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
