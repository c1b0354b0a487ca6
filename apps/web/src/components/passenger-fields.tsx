import Box from '@mui/material/Box';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { TRAVELLER_PASSENGERS_MIN } from '@parking/domain/numbers';
import { FormTextField } from '@/components/form/text-field';

interface PassengerValues extends FieldValues {
  passengersOut?: unknown;
  passengersIn?: unknown;
}

/**
 * Passengers flying out and coming home, side by side from a small tablet up: the wizard's step 4 and Manage my
 * booking's change form, with the domain's one rule (travellerPassengers: at least one each way).
 */
export function PassengerFields<TValues extends PassengerValues, TOutput extends FieldValues>({
  control,
}: {
  control: Control<TValues, unknown, TOutput>;
}) {
  const input = { htmlInput: { min: TRAVELLER_PASSENGERS_MIN, inputMode: 'numeric' as const } };
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        alignItems: 'start',
      }}
    >
      <FormTextField
        control={control}
        name={'passengersOut' as Path<TValues>}
        label="Passengers flying out"
        required
        type="number"
        slotProps={input}
      />
      <FormTextField
        control={control}
        name={'passengersIn' as Path<TValues>}
        label="Passengers coming home"
        required
        type="number"
        slotProps={input}
      />
    </Box>
  );
}
