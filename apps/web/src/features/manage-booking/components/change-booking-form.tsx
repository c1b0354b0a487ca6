import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { ChangeQuoteAttributes } from '@parking/domain/api-contract';
import { dropOffTime, pickUpTime } from '@parking/domain/booking-wizard';
import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { businessLocalDatetime, instantOfBusinessLocal } from '@parking/domain/dates';
import {
  changeFormSchema,
  type ChangeFormInput,
  type ChangeFormValues,
} from '@parking/domain/manage-booking';
import { messages } from '@parking/domain/messages';
import type { UseFormReturn } from 'react-hook-form';
import { ExtrasChecklist } from '@/components/extras-checklist';
import { BusNotice, FlightLegFields } from '@/components/flight-fields';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { VehicleFields } from '@/components/vehicle-fields';
import { ApiError, firstErrorDetail } from '@/lib/api/client';
import { extrasQuery, extraVariationsQuery, type Extra } from '@/lib/api/extras';
import { airlinesQuery } from '@/lib/api/travel';
import { BUSINESS_TIME_ZONE, formatMoneyText } from '@/lib/format';
import {
  quoteChange,
  saveChange,
  type BookingChange,
  type ChangeAnswer,
  type ManagedBooking,
} from '../api/manage-booking';

type ChangeForm = UseFormReturn<ChangeFormInput, unknown, ChangeFormValues>;

const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const instant = (local: string) => instantOfBusinessLocal(local, BUSINESS_TIME_ZONE).toISOString();
const ref = (type: string, id: string) => ({ type, id });

function toChange(values: ChangeFormValues): BookingChange {
  const flights = values.changeFlights
    ? {
        flightNumberOut: values.notFlyingOut ? '' : values.flightNumberOut,
        flightNumberIn: values.notFlyingIn ? '' : values.flightNumberIn,
        busDepartureTime: values.notFlyingOut || !values.busDepartureTime ? null : values.busDepartureTime,
      }
    : {};
  return {
    attributes: {
      startDatetime: instant(values.startLocal),
      endDatetime: instant(values.endLocal),
      passengersOut: values.passengersOut,
      passengersIn: values.passengersIn,
      rego: values.rego,
      make: values.make,
      model: values.model,
      colour: values.colour,
      ...flights,
    },
    relationships: {
      vehicleType: ref('vehicle-types', values.vehicleType),
      extras: values.extras.map((id) => ref('extras', id)),
      ...(values.changeFlights
        ? { airlineOut: ref('airlines', values.airlineOut), airlineIn: ref('airlines', values.airlineIn) }
        : {}),
    },
  };
}

/** The server names fields by the API's attributes and relationships; the form holds some differently. */
const FIELD_OF: Record<string, keyof ChangeFormInput> = {
  startDatetime: 'startLocal',
  endDatetime: 'endLocal',
  busDepartureTime: 'flightOut',
};

function defaultsOf(booking: ManagedBooking): ChangeFormInput {
  return {
    startLocal: businessLocalDatetime(new Date(booking.startDatetime), BUSINESS_TIME_ZONE),
    endLocal: booking.endDatetime
      ? businessLocalDatetime(new Date(booking.endDatetime), BUSINESS_TIME_ZONE)
      : '',
    changeFlights: false,
    airlineOut: '',
    notFlyingOut: false,
    flightOut: '',
    flightNumberOut: '',
    flightTimeOut: '',
    busDepartureTime: '',
    airlineIn: '',
    notFlyingIn: false,
    flightIn: '',
    flightNumberIn: '',
    flightTimeIn: '',
    passengersOut: booking.passengersOut,
    passengersIn: booking.passengersIn,
    rego: booking.rego,
    make: booking.make,
    model: booking.model,
    colour: booking.colour,
    vehicleType: booking.vehicleTypeId ?? '',
    extras: booking.extras.map((extra) => extra.id),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h4" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface Props {
  booking: ManagedBooking;
  onSaved: (answer: ChangeAnswer) => void;
}

/**
 * Dates and times, flights, passengers, vehicle and extras, with the wizard's own fields. "Review
 * changes" prices the change on the server (the booking engine's rules); "Confirm changes" saves it, and
 * any difference is then paid by card or refunded.
 */
export function ChangeBookingForm({ booking, onSaved }: Props) {
  const form = useZodForm(changeFormSchema, { defaultValues: defaultsOf(booking) });
  const [review, setReview] = useState<{ change: BookingChange; quote: ChangeQuoteAttributes } | null>(null);
  // A reviewed price is for the values reviewed: any edit asks for a new review.
  useEffect(() => {
    const subscription = form.watch(() => setReview(null));
    return () => subscription.unsubscribe();
  }, [form]);
  const showErrors = (error: unknown) => {
    if (error instanceof ApiError) {
      for (const item of error.errors) {
        const attribute = /^\/data\/attributes\/(\w+)$/.exec(item.source?.pointer ?? '')?.[1] ?? '';
        const field = FIELD_OF[attribute];
        if (field) form.setError(field, { type: 'server', message: item.detail });
      }
    }
    applyServerErrors(form, error);
  };
  const quote = useMutation({
    mutationFn: async (change: BookingChange) => ({ change, quote: await quoteChange(booking.id, change) }),
    onSuccess: setReview,
    onError: showErrors,
  });
  const save = useMutation({
    mutationFn: (change: BookingChange) => saveChange(booking.id, change),
    onSuccess: onSaved,
    onError: showErrors,
  });
  const failure = quote.error ?? save.error;

  return (
    <Form form={form} onSubmit={(values) => quote.mutate(toChange(values))} aria-label="Change booking">
      <Stack spacing={4}>
        {failure ? (
          <Alert severity="error" role="alert">
            {firstErrorDetail(failure, messages.unknownError)}
          </Alert>
        ) : null}
        <Section title="Dates and times">
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              control={form.control}
              name="startLocal"
              label="Drop-off date and time"
              type="datetime-local"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={form.control}
              name="endLocal"
              label="Pick-up date and time"
              type="datetime-local"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        </Section>
        <Divider />
        <FlightsSection form={form} booking={booking} />
        <Divider />
        <Section title="Vehicle">
          <VehicleFields control={form.control} />
        </Section>
        <Divider />
        <ExtrasSection form={form} booking={booking} />
        {review && (
          <Box role="status" sx={{ bgcolor: 'background.default', borderRadius: 3, p: 2.5 }}>
            {review.quote.changed.length === 0 ? (
              <Typography>Nothing has changed yet.</Typography>
            ) : (
              <>
                <Typography sx={{ fontWeight: 700 }}>
                  New total: {formatMoneyText(review.quote.totalCost)}
                </Typography>
                <Typography>
                  {Number(review.quote.amountDue) > 0
                    ? `To pay now: ${formatMoneyText(review.quote.amountDue)}`
                    : Number(review.quote.refund) > 0
                      ? `To be refunded to your card: ${formatMoneyText(review.quote.refund)}`
                      : 'No change in price.'}
                </Typography>
                {review.quote.promoDropped && (
                  <Typography>{`The promo code ${review.quote.promoDropped} does not apply to the new dates, so the new total is without its discount.`}</Typography>
                )}
              </>
            )}
          </Box>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant={review ? 'outlined' : 'contained'}
            disabled={quote.isPending}
            startIcon={
              quote.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
            }
          >
            Review changes
          </Button>
          {review && review.quote.changed.length > 0 && (
            <Button
              variant="contained"
              disabled={save.isPending}
              onClick={() => save.mutate(review.change)}
              startIcon={
                save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
              }
            >
              Confirm changes
            </Button>
          )}
        </Stack>
      </Stack>
    </Form>
  );
}

const flightText = (airline: string, number: string) =>
  airline === NOT_FLYING_AIRLINE ? airline : [airline, number].filter(Boolean).join(' ') || 'None';

/**
 * The flights as booked; "Change my flights" opens the wizard's airline and flight choices for the
 * (possibly new) dates. A newly chosen flight moves the drop-off or pick-up time as the wizard sets it.
 */
function FlightsSection({ form, booking }: { form: ChangeForm; booking: ManagedBooking }) {
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
    <Section title="Flights and passengers">
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
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          <FormTextField
            control={form.control}
            name="passengersOut"
            label="Passengers flying out"
            required
            type="number"
            slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
          />
          <FormTextField
            control={form.control}
            name="passengersIn"
            label="Passengers coming home"
            required
            type="number"
            slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
          />
        </Box>
      </Stack>
    </Section>
  );
}

/**
 * The wizard's extras for the stay as it will be, priced for the vehicle type. An extra already on the
 * booking keeps the price it was sold at unless the vehicle type changes (as the server prices it).
 */
function ExtrasSection({ form, booking }: { form: ChangeForm; booking: ManagedBooking }) {
  const startLocal = form.watch('startLocal');
  const endLocal = form.watch('endLocal');
  const vehicleType = form.watch('vehicleType');
  const selected = form.watch('extras') ?? [];
  const datesValid =
    LOCAL_DATETIME.test(startLocal) && LOCAL_DATETIME.test(endLocal) && endLocal > startLocal;
  const extras = useQuery({
    ...extrasQuery(datesValid ? instant(startLocal) : '', datesValid ? instant(endLocal) : ''),
    enabled: datesValid,
  });
  const variations = useQuery({ ...extraVariationsQuery(vehicleType), enabled: Boolean(vehicleType) });
  const sameType = vehicleType === (booking.vehicleTypeId ?? '');
  const priceOf = (extra: Extra) =>
    (sameType ? booking.extras.find((sold) => sold.id === extra.id)?.price : undefined) ??
    variations.data?.[extra.id] ??
    extra.basePrice;
  const toggle = (id: string) =>
    form.setValue(
      'extras',
      selected.includes(id) ? selected.filter((item) => item !== id) : [...selected, id],
      { shouldDirty: true },
    );

  return (
    <Section title="Extras">
      {extras.isError ? (
        <Alert severity="error">{firstErrorDetail(extras.error, messages.unknownError)}</Alert>
      ) : !datesValid ? (
        <Typography color="text.secondary">Choose your dates to see the extras for your stay.</Typography>
      ) : (
        <ExtrasChecklist
          extras={extras.data ?? []}
          priceOf={priceOf}
          selected={selected}
          onToggle={toggle}
          loading={extras.isPending || (Boolean(vehicleType) && variations.isPending)}
        />
      )}
    </Section>
  );
}
