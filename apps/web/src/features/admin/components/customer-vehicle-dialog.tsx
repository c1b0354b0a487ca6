import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { messages } from '@parking/domain/messages';
import { vehicleFormSchema, type VehicleFormInput } from '@parking/domain/vehicles';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { VehicleFields } from '@/components/vehicle-fields';
import { firstErrorDetail } from '@/lib/api/client';
import { relatedId, type Resource } from '@/lib/api/jsonapi';
import { invalidateTypes } from '@/lib/api/resource-queries';
import { ref, saveResource } from '@/lib/api/resources';
import type { VehicleAttributes } from '@parking/domain/api-contract/accounts';

interface CustomerVehicleDialogProps {
  /** The vehicle being edited, or null to add one to the customer. */
  vehicle: Resource<VehicleAttributes> | null;
  customerId: string;
  onClose: () => void;
}

const valuesOf = (vehicle: Resource<VehicleAttributes> | null): VehicleFormInput => ({
  rego: vehicle?.attributes.rego ?? '',
  make: vehicle?.attributes.make ?? '',
  model: vehicle?.attributes.model ?? '',
  colour: vehicle?.attributes.colour ?? '',
  vehicleType: (vehicle && relatedId(vehicle, 'vehicleType')) ?? '',
});

/**
 * Adds or edits one of the customer's vehicles (back-office §2 "Customers": the Vehicles table's dialog;
 * §9: full screen below 960 px, at most 1000 wide). It closes only through its buttons, so that a stray
 * click beside it does not lose what was typed. Saving says "Vehicle Saved" (§8).
 */
export function CustomerVehicleDialog({ vehicle, customerId, onClose }: CustomerVehicleDialogProps) {
  const formId = useId();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const form = useZodForm(vehicleFormSchema, { defaultValues: valuesOf(vehicle) });
  const save = useMutation({
    mutationFn: (values: {
      rego: string;
      make: string;
      model: string;
      colour: string;
      vehicleType: string;
    }) =>
      saveResource<VehicleAttributes>(
        'vehicles',
        {
          attributes: { rego: values.rego, make: values.make, model: values.model, colour: values.colour },
          relationships: {
            vehicleType: ref('vehicle-types', values.vehicleType),
            // A vehicle keeps its owner; only a new one is given this customer.
            ...(vehicle ? {} : { owner: ref('customers', customerId) }),
          },
        },
        vehicle?.id,
      ),
  });

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      persistent
      title={vehicle ? `Edit ${vehicle.attributes.rego}` : 'Add Vehicle'}
    >
      <DialogContent>
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {firstErrorDetail(save.error, messages.unknownError)}
          </Alert>
        )}
        <Form
          id={formId}
          form={form}
          aria-label={vehicle ? `Edit vehicle ${vehicle.attributes.rego}` : 'Add vehicle'}
          onSubmit={async (values) => {
            try {
              await save.mutateAsync(values);
            } catch (error) {
              applyServerErrors(form, error);
              return;
            }
            snackbar.show(messages.vehicleSaved);
            await invalidateTypes(queryClient, 'vehicles');
            onClose();
          }}
        >
          <VehicleFields control={form.control} />
        </Form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Save
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
