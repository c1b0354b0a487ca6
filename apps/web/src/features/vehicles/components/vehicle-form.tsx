import Box from '@mui/material/Box';
import { vehicleFormSchema } from '@parking/domain/vehicles';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { VehicleFields } from '@/components/vehicle-fields';
import type { Vehicle, VehicleSave } from '../api/vehicles';

interface VehicleFormProps {
  id: string;
  vehicle: Vehicle | null;
  onSubmit: (values: VehicleSave) => Promise<void>;
}

export function VehicleForm({ id, vehicle, onSubmit }: VehicleFormProps) {
  const form = useZodForm(vehicleFormSchema, {
    defaultValues: {
      rego: vehicle?.rego ?? '',
      make: vehicle?.make ?? '',
      model: vehicle?.model ?? '',
      colour: vehicle?.colour ?? '',
      vehicleType: vehicle?.vehicleTypeId ?? '',
    },
  });

  return (
    <Form
      form={form}
      id={id}
      aria-label={vehicle ? 'Edit vehicle' : 'Add vehicle'}
      onSubmit={(values) =>
        // The dialog shows the failure; here the server's field errors go beside their fields.
        onSubmit(values).catch((error: unknown) => {
          applyServerErrors(form, error);
        })
      }
    >
      <Box sx={{ pt: 1 }}>
        <VehicleFields control={form.control} />
      </Box>
    </Form>
  );
}
