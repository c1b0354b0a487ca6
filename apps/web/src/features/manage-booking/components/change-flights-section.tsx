import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dropOffTime, pickUpTime } from '@parking/domain/drop-off';
import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { BusNotice, FlightLegFields } from '@/components/flight-fields';
import { PassengerFields } from '@/components/passenger-fields';
import { firstErrorDetail } from '@/lib/api/client';
import { airlinesQuery } from '@/lib/api/travel';
import type { ManagedBooking } from '../api/manage-booking';
import { ChangeFormSection } from './change-form-section';
import { LOCAL_DATETIME, type ChangeForm } from './change-form-values';

const flightText = (airline: string, number: string) =>
  airline === NOT_FLYING_AIRLINE ? airline : [airline, number].filter(Boolean).join(' ') || 'None';

/**
 * The flights as booked; "Change my flights" opens the wizard's airline and flight choices for the
 * (possibly new) dates. A newly chosen flight moves the drop-off or pick-up time as the wizard sets it.
 */
export function ChangeFlightsSection({ form, booking }: { form: ChangeForm; booking: ManagedBooking }) {
  const airlines = useQuery(airlinesQuery);
  const changing = form.watch('changeFlights') === true;
  const startLocal = form.watch('startLocal');
  const endLocal = form.watch('endLocal');
  const notFlyingOut = form.watch('notFlyingOut') === true;
  const flightTimeOut = form.watch('flightTimeOut') ?? '';
  const flightTimeIn = form.watch('flightTimeIn') ?? '';
  const busDepartureTime = form.watch('busDepartureTime') ?? '';

  // The drop-off follows the departure (10 minutes before its bus, or the time given when not flying),
  // the pick-up the arrival, on the dates already chosen.
  useEffect(() => {
    if (!changing) return;
    const dropOff = dropOffTime({ notFlyingOut, flightTimeOut, busDepartureTime });
    const start = form.getValues('startLocal');
    if (dropOff && LOCAL_DATETIME.test(start) && start.slice(11) !== dropOff.slice(0, 5)) {
      form.setValue('startLocal', `${start.slice(0, 10)}T${dropOff.slice(0, 5)}`, {
        shouldValidate: form.formState.isSubmitted,
      });
    }
  }, [changing, notFlyingOut, flightTimeOut, busDepartureTime, form]);
  useEffect(() => {
    if (!changing) return;
    const pickUp = pickUpTime({ flightTimeIn });
    const end = form.getValues('endLocal');
    if (pickUp && LOCAL_DATETIME.test(end) && end.slice(11) !== pickUp.slice(0, 5)) {
      form.setValue('endLocal', `${end.slice(0, 10)}T${pickUp.slice(0, 5)}`, {
        shouldValidate: form.formState.isSubmitted,
      });
    }
  }, [changing, flightTimeIn, form]);

  const toggle = (on: boolean) => {
    form.setValue('changeFlights', on, { shouldDirty: true });
    if (!on) return;
    // Start from the airlines booked; the flight is chosen again for the dates.
    const list = airlines.data ?? [];
    const notFlying = (id: string | null) =>
      list.find((airline) => airline.id === id)?.name === NOT_FLYING_AIRLINE;
    form.setValue('airlineOut', booking.airlineOutId ?? '');
    form.setValue('notFlyingOut', notFlying(booking.airlineOutId));
    form.setValue('airlineIn', booking.airlineInId ?? '');
    form.setValue('notFlyingIn', notFlying(booking.airlineInId));
  };

  return (
    <ChangeFormSection title="Flights and passengers">
      <Stack spacing={2.5}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.5,
            typography: 'body2',
          }}
        >
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            Booked departure
          </Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {flightText(booking.airlineOutName, booking.flightNumberOut)}
          </Box>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            Booked return
          </Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {flightText(booking.airlineInName, booking.flightNumberIn)}
          </Box>
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={changing}
              onChange={(event) => toggle(event.target.checked)}
              disabled={airlines.isPending}
            />
          }
          label="Change my flights"
        />
        {airlines.isError && (
          <Alert severity="error">{firstErrorDetail(airlines.error, messages.unknownError)}</Alert>
        )}
        {changing && (
          <>
            <FlightLegFields
              form={form}
              leg="Out"
              date={startLocal.slice(0, 10)}
              airlines={airlines.data ?? []}
              airlinesPending={airlines.isPending}
            />
            <BusNotice
              notFlyingOut={notFlyingOut}
              flightTimeOut={flightTimeOut}
              busDepartureTime={busDepartureTime}
            />
            <FlightLegFields
              form={form}
              leg="In"
              date={endLocal.slice(0, 10)}
              airlines={airlines.data ?? []}
              airlinesPending={airlines.isPending}
            />
          </>
        )}
        <PassengerFields control={form.control} />
      </Stack>
    </ChangeFormSection>
  );
}
