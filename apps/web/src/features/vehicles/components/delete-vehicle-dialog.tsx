import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { Vehicle } from '../api/vehicles';

interface DeleteVehicleDialogProps {
  vehicle: Vehicle | null;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (vehicle: Vehicle) => void;
}

/** A second look before a vehicle leaves the list. */
export function DeleteVehicleDialog({
  vehicle,
  open,
  pending,
  onCancel,
  onConfirm,
}: DeleteVehicleDialogProps) {
  const titleId = useId();
  const textId = useId();
  if (!vehicle) return null;
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { sx: { borderRadius: '16px' } } }}
    >
      <DialogTitle id={titleId}>Delete {vehicle.rego}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {vehicle.make} {vehicle.model} will no longer be offered when you book. Bookings already made with
          it keep their details.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button onClick={() => onConfirm(vehicle)} color="error" variant="contained" disabled={pending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
