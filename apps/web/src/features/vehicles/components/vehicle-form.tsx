import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { COLOURS } from '@parking/domain/constants';
import { requiredText } from '@parking/domain/fields';
import { messages } from '@parking/domain/messages';
import { VEHICLE_MAKES } from '@parking/domain/vehicle-makes';
import { vehicleSchema } from '@parking/domain/vehicles';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormSelectField } from '@/components/form/select-field';
import { FormSelectWithOtherField } from '@/components/form/select-with-other-field';
import { FormTextField } from '@/components/form/text-field';
import { firstErrorDetail } from '@/lib/api/client';
import { vehicleTypesQuery } from '@/lib/api/lookups';
import type { Vehicle, VehicleSave } from '../api/vehicles';

/** The domain's vehicle rules (rego upper-cased without spaces) plus the vehicle type, a required choice. */
export const vehicleFormSchema = vehicleSchema.extend({ vehicleType: requiredText(20) });

interface VehicleFormProps {
  id: string;
  vehicle: Vehicle | null;
  onSubmit: (values: VehicleSave) => Promise<void>;
}

export function VehicleForm({ id, vehicle, onSubmit }: VehicleFormProps) {
  const types = useQuery(vehicleTypesQuery);
  const form = useZodForm(vehicleFormSchema, {
    defaultValues: {
      rego: vehicle?.rego ?? '',
      make: vehicle?.make ?? '',
      model: vehicle?.model ?? '',
      colour: vehicle?.colour ?? '',
      vehicleType: vehicle?.vehicleTypeId ?? '',
    },
  });
  const { control } = form;
  const pairSx = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' };

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
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        {types.isError && (
          <Alert severity="error">{firstErrorDetail(types.error, messages.unknownError)}</Alert>
        )}
        <Box sx={pairSx}>
          <FormTextField
            control={control}
            name="rego"
            label="Rego"
            required
            autoComplete="off"
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
          <FormSelectField
            control={control}
            name="vehicleType"
            label="Vehicle type"
            required
            placeholder={types.isPending ? 'Loading…' : 'Select a vehicle type'}
            options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
          />
        </Box>
        <Box sx={pairSx}>
          <FormSelectWithOtherField
            control={control}
            name="make"
            label="Make"
            options={VEHICLE_MAKES}
            otherLabel="Other make"
            placeholder="Select a make"
            required
          />
          <FormTextField control={control} name="model" label="Model" required autoComplete="off" />
        </Box>
        <Box sx={pairSx}>
          <FormSelectWithOtherField
            control={control}
            name="colour"
            label="Colour"
            options={COLOURS}
            otherLabel="Other colour"
            placeholder="Select a colour"
            required
          />
        </Box>
      </Stack>
    </Form>
  );
}
