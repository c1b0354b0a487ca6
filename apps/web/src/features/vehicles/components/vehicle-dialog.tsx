import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { messages } from '@parking/domain/messages';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { useSaveVehicle, type Vehicle } from '../api/vehicles';
import { VehicleForm } from './vehicle-form';

const FORM_ID = 'vehicle-form';

interface VehicleDialogProps {
  open: boolean;
  /** The vehicle being edited, or null to add one. */
  vehicle: Vehicle | null;
  customerId: string;
  onClose: () => void;
}

/** The modal that adds or edits a vehicle (public-site §2); saving says "Vehicle Saved". */
export function VehicleDialog({ open, vehicle, customerId, onClose }: VehicleDialogProps) {
  const save = useSaveVehicle(customerId);
  const snackbar = useSnackbar();

  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      maxWidth={640}
      title={vehicle ? `Edit ${vehicle.rego}` : 'Add a vehicle'}
      slotProps={{ transition: { onExited: () => save.reset() } }}
    >
      <DialogContent>
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {firstErrorDetail(save.error, messages.unknownError)}
          </Alert>
        )}
        <VehicleForm
          // A fresh form for each vehicle opened.
          key={vehicle?.id ?? 'new'}
          id={FORM_ID}
          vehicle={vehicle}
          onSubmit={async (values) => {
            await save.mutateAsync({ id: vehicle?.id, values });
            snackbar.show(messages.vehicleSaved);
            onClose();
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          form={FORM_ID}
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Save vehicle
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
