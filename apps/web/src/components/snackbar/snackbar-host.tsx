import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import type { SnackbarMessage } from './snackbar-context';

/** Public-site §9: snackbars show for 6 seconds on the public site. */
const SNACKBAR_DURATION_MS = 6000;

/** How long a message stays once a newer one is waiting: long enough to be seen, not to hold the newer one back. */
const SUPERSEDED_DURATION_MS = 1500;

interface SnackbarHostProps {
  message: SnackbarMessage;
  /** Another message is waiting its turn. */
  superseded: boolean;
  onDismiss: (id: number) => void;
}

export function SnackbarHost({ message, superseded, onDismiss }: SnackbarHostProps) {
  const [open, setOpen] = useState(true);

  // "Booking Updated" must not wait six seconds behind "Payment received" from the screen before.
  useEffect(() => {
    if (!superseded) return;
    const timer = setTimeout(() => setOpen(false), SUPERSEDED_DURATION_MS);
    return () => clearTimeout(timer);
  }, [superseded]);

  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page is not a reason to hide a message the customer may not have read.
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <Snackbar
      open={open}
      autoHideDuration={SNACKBAR_DURATION_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ transition: { onExited: () => onDismiss(message.id) } }}
    >
      <Alert
        onClose={() => close()}
        severity={message.severity}
        variant="filled"
        // Errors interrupt a screen reader; confirmations wait their turn.
        role={message.severity === 'error' ? 'alert' : 'status'}
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {message.text}
      </Alert>
    </Snackbar>
  );
}
