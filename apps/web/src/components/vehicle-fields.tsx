import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { COLOURS } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { VEHICLE_MAKES } from '@parking/domain/vehicle-makes';
import type { vehicleFormSchema } from '@parking/domain/vehicles';
import type { z } from 'zod';
import { FormSelectField } from '@/components/form/select-field';
import { FormSelectWithOtherField } from '@/components/form/select-with-other-field';
import { FormTextField } from '@/components/form/text-field';
import { firstErrorDetail } from '@/lib/api/client';
import { vehicleTypesQuery } from '@/lib/api/lookups';

type VehicleValues = z.input<typeof vehicleFormSchema>;

const pairSx = {
  display: 'grid',
  gap: 2.5,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  alignItems: 'start',
} as const;

/**
 * Rego, Vehicle type, Make, Model and Colour (public-site §5 "Vehicle", back-office §2 "Vehicle edit
 * screen"): make and colour from lists ending with Other, which opens a free-text field. Used by My
 * Vehicles and by the back office's vehicle forms.
 */
export function VehicleFields<TValues extends VehicleValues & FieldValues, TOutput extends FieldValues>({
  control,
}: {
  control: Control<TValues, unknown, TOutput>;
}) {
  const types = useQuery(vehicleTypesQuery);
  // The vehicle's fields by name, in whatever larger form holds them.
  const field = (name: keyof VehicleValues) => name as Path<TValues>;
  return (
    <Stack spacing={2.5}>
      {types.isError && (
        <Alert severity="error">{firstErrorDetail(types.error, messages.unknownError)}</Alert>
      )}
      <Box sx={pairSx}>
        <FormTextField
          control={control}
          name={field('rego')}
          label="Rego"
          required
          autoComplete="off"
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
        />
        <FormSelectField
          control={control}
          name={field('vehicleType')}
          label="Vehicle type"
          required
          placeholder={types.isPending ? 'Loading…' : 'Select a vehicle type'}
          options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
        />
      </Box>
      <Box sx={pairSx}>
        <FormSelectWithOtherField
          control={control}
          name={field('make')}
          label="Make"
          options={VEHICLE_MAKES}
          otherLabel="Other make"
          placeholder="Select a make"
          required
        />
        <FormTextField control={control} name={field('model')} label="Model" required autoComplete="off" />
      </Box>
      <Box sx={pairSx}>
        <FormSelectWithOtherField
          control={control}
          name={field('colour')}
          label="Colour"
          options={COLOURS}
          otherLabel="Other colour"
          placeholder="Select a colour"
          required
        />
      </Box>
    </Stack>
  );
}
