import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';

interface DialogSubmitActionsProps {
  /** The form is being sent: both buttons wait and the submit shows a spinner. */
  pending: boolean;
  onCancel: () => void;
  /** The submit's words: "Save" unless the action has a name of its own. */
  label?: string;
  /** The submit may not be pressed yet, whatever `pending` says. */
  disabled?: boolean;
}

/** A back-office form dialog's foot: Cancel, then the contained submit that waits with a spinner. */
export function DialogSubmitActions({
  pending,
  onCancel,
  label = 'Save',
  disabled = false,
}: DialogSubmitActionsProps) {
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={pending || disabled}
        startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        {label}
      </Button>
    </DialogActions>
  );
}
