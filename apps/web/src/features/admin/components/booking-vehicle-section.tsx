import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { normaliseRego } from '@parking/domain/rego';
import { FormSection } from '@/components/admin/form-screen';
import { VehicleFields } from '@/components/vehicle-fields';
import { customerVehiclesQuery } from '../api/booking-lookups';
import type { BookingForm } from './booking-form-context';

/**
 * Vehicle Details (back-office §2, §5): a pick from the customer's saved vehicles fills rego, make, model,
 * colour and type; the fields stay editable (a change saves a new vehicle for the customer on the server).
 */
export function BookingVehicleSection({ form }: { form: BookingForm }) {
  const { control, setValue } = form;
  const customerId = useWatch({ control, name: 'customer' }) ?? '';
  const vehicleId = useWatch({ control, name: 'vehicle' }) ?? '';
  const vehicles = useQuery(customerVehiclesQuery(customerId));
  const rego = useWatch({ control, name: 'rego' }) ?? '';
  // A rego typed over the saved vehicle's is another car: the server then finds or saves it by its rego.
  const saved = vehicles.data?.find((item) => item.id === vehicleId);
  useEffect(() => {
    if (saved && normaliseRego(rego) !== saved.rego) setValue('vehicle', '', { shouldDirty: true });
  }, [saved, rego, setValue]);

  const pick = (id: string) => {
    const dirty = { shouldDirty: true, shouldValidate: true } as const;
    setValue('vehicle', id, dirty);
    const vehicle = vehicles.data?.find((item) => item.id === id);
    if (!vehicle) return;
    setValue('rego', vehicle.rego, dirty);
    setValue('make', vehicle.make, dirty);
    setValue('model', vehicle.model, dirty);
    setValue('colour', vehicle.colour, dirty);
    setValue('vehicleType', vehicle.vehicleTypeId, dirty);
  };

  // A customer with one saved vehicle brings it: chosen for them while the vehicle fields are still empty.
  const lone = vehicles.data?.length === 1 ? vehicles.data[0] : undefined;
  useEffect(() => {
    if (lone && vehicleId === '' && rego.trim() === '') pick(lone.id);
    // Only a newly loaded lone vehicle picks itself, not every later edit of the fields.
  }, [lone]);

  return (
    <FormSection id="vehicle-details" title="Vehicle Details">
      {customerId !== '' && (
        <Box sx={{ mb: 2.5 }}>
          <TextField
            select
            label="Saved vehicle"
            value={vehicles.data?.some((item) => item.id === vehicleId) ? vehicleId : ''}
            onChange={(event) => pick(event.target.value)}
            disabled={!vehicles.data?.length}
            helperText={
              vehicles.isPending
                ? 'Loading the customer’s vehicles…'
                : vehicles.data?.length
                  ? 'Fills in the vehicle below'
                  : 'This customer has no saved vehicles'
            }
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <option value="">A vehicle not saved yet</option>
            {vehicles.data?.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicle.fullName}
              </option>
            ))}
          </TextField>
        </Box>
      )}
      <VehicleFields control={control} />
    </FormSection>
  );
}
