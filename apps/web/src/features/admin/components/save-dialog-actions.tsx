import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/**
 * The foot of the diary's and the car's dialogs (check-in, move, hand-back, flight delay): Cancel, and Save that
 * reads Saving… while the form is sent.
 */
export function SaveDialogActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="contained" disabled={pending}>
        {pending ? 'Saving…' : 'Save'}
      </Button>
    </DialogActions>
  );
}
