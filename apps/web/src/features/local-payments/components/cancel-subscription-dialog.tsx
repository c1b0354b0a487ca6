import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { formatDate } from '@/lib/format';
import type { PortalSubscription } from '../api/local-billing';

interface CancelSubscriptionDialogProps {
  open: boolean;
  /** Kept while the dialog closes, so that its words do not vanish during the fade. */
  subscription: PortalSubscription | null;
  pending: boolean;
  onKeep: () => void;
  onCancel: (subscription: PortalSubscription) => void;
}

/** A second look before a subscription stops renewing: it stays valid until the paid period ends. */
export function CancelSubscriptionDialog({
  open,
  subscription,
  pending,
  onKeep,
  onCancel,
}: CancelSubscriptionDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open && Boolean(subscription)}
      onClose={onKeep}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { sx: { borderRadius: '16px' } } }}
    >
      {subscription && (
        <>
          <DialogTitle id={titleId}>Cancel {subscription.productName.toLowerCase()}?</DialogTitle>
          <DialogContent>
            <DialogContentText id={textId}>
              Your subscription will not renew. It stays valid, and your parking in its car park stays free,
              until {formatDate(subscription.currentPeriodEnd)}. You can renew it here until then.
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
            <Button onClick={onKeep} autoFocus>
              Keep subscription
            </Button>
            <Button
              onClick={() => onCancel(subscription)}
              color="error"
              variant="contained"
              disabled={pending}
              startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              Cancel subscription
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
