import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { carStepSchema, type CarStep } from '@parking/domain/booking-wizard';
import { COLOURS } from '@parking/domain/constants';
import { normaliseRego } from '@parking/domain/rego';
import { messages } from '@parking/domain/messages';
import { VEHICLE_MAKES } from '@parking/domain/vehicle-makes';
import { useNavigate } from 'react-router';
import { Form, useZodForm } from '@/components/form/form';
import { FormSelectField } from '@/components/form/select-field';
import { FormSelectWithOtherField } from '@/components/form/select-with-other-field';
import { FormTextField } from '@/components/form/text-field';
import { firstErrorDetail } from '@/lib/api/client';
import { vehicleTypesQuery } from '@/lib/api/lookups';
import { savedVehiclesQuery, type SavedVehicle } from '@/lib/api/vehicles';
import { useAuth } from '@/lib/auth/auth-context';
import { StepActions } from '../components/step-actions';
import { useWizard } from '../state/wizard-context';
import { stepPath } from '../state/wizard-state';

const pairSx = {
  display: 'grid',
  gap: 2.5,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  alignItems: 'start',
} as const;

/** Details typed over a chosen saved vehicle describe another car: the booking then names none. */
function sameVehicle(vehicle: SavedVehicle | undefined, values: CarStep): boolean {
  return (
    vehicle !== undefined &&
    normaliseRego(vehicle.rego) === values.rego &&
    vehicle.make === values.make &&
    vehicle.model === values.model &&
    vehicle.colour === values.colour &&
    vehicle.vehicleTypeId === values.vehicleType
  );
}

/**
 * Step 3, Car Details (public-site §2, §5): rego, make, model, colour and vehicle type; a signed-in
 * customer can start from a saved vehicle. Make and colour lists end with Other for free text.
 */
export function CarStepPage() {
  const { state, complete } = useWizard();
  const { customer } = useAuth();
  const navigate = useNavigate();
  const types = useQuery(vehicleTypesQuery);
  const vehicles = useQuery({ ...savedVehiclesQuery(customer?.id ?? ''), enabled: Boolean(customer) });
  const saved = state.car;
  const form = useZodForm(carStepSchema, {
    defaultValues: {
      vehicle: saved?.vehicle ?? '',
      rego: saved?.rego ?? '',
      make: saved?.make ?? '',
      model: saved?.model ?? '',
      colour: saved?.colour ?? '',
      vehicleType: saved?.vehicleType ?? '',
    },
  });
  const { control } = form;
  // The make and colour lists keep their own "Other" state: a new key rebuilds them from the values.
  const chosenVehicle = form.watch('vehicle');

  const chooseVehicle = (id: string) => {
    const vehicle = vehicles.data?.find((item) => item.id === id);
    form.setValue('vehicle', id);
    if (!vehicle) return;
    const options = { shouldValidate: true, shouldDirty: true };
    form.setValue('rego', vehicle.rego, options);
    form.setValue('make', vehicle.make, options);
    form.setValue('model', vehicle.model, options);
    form.setValue('colour', vehicle.colour, options);
    form.setValue('vehicleType', vehicle.vehicleTypeId, options);
  };

  const submit = (values: CarStep) => {
    const vehicle = vehicles.data?.find((item) => item.id === values.vehicle);
    const vehicleTypeName = types.data?.find((type) => type.id === values.vehicleType)?.name ?? '';
    complete(3, (current) => ({
      ...current,
      car: { ...values, vehicle: sameVehicle(vehicle, values) ? values.vehicle : '', vehicleTypeName },
      // Extras are priced per vehicle type: a new choice is made on the checkout step.
      extras:
        current.car?.vehicleType === values.vehicleType
          ? current.extras
          : { ...current.extras, ids: [], prices: {}, names: {} },
    }));
    void navigate(stepPath(4));
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Car Details">
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {types.isError && (
          <Alert severity="error">{firstErrorDetail(types.error, messages.unknownError)}</Alert>
        )}
        {customer && (vehicles.data?.length ?? 0) > 0 && (
          <TextField
            select
            label="Saved vehicle"
            value={chosenVehicle}
            onChange={(event) => chooseVehicle(event.target.value)}
            helperText="Choose one of your vehicles, or enter another below"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <option value="">Another vehicle</option>
            {vehicles.data?.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {`${vehicle.rego} · ${vehicle.make} ${vehicle.model}`}
              </option>
            ))}
          </TextField>
        )}
        <Box sx={pairSx}>
          <FormTextField
            control={control}
            name="rego"
            label="Rego"
            required
            autoComplete="off"
            helperText="The number plate, e.g. ABC123"
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
        <Box sx={pairSx} key={`make-${chosenVehicle}`}>
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
        <Box sx={pairSx} key={`colour-${chosenVehicle}`}>
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
      </Box>
      <StepActions backHref={stepPath(2)} />
    </Form>
  );
}
