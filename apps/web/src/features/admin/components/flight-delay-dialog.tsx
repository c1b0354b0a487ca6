/**
 * The diary's Flight action on a pick-up (issue 24): staff set by hand how late the arriving flight is (the
 * pick-up and the shuttle follow it, free, up to the cap), that it was cancelled, or that it is on time.
 */
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { formatTime12 } from '@parking/domain/dates';
import {
  flightDelayAttributes,
  flightDelayDialogSchema,
  type FlightDelayDialogValues,
} from '@parking/domain/flight-delay';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { saveFlightDelay } from '@/lib/api/flight-delays';
import type { DiaryRow } from './diary-rows';
import { SaveDialogActions } from './save-dialog-actions';

const STATES = [
  { value: 'delayed', label: 'Delayed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'scheduled', label: 'On time' },
];

export function FlightDelayDialog({ row, onClose }: { row: DiaryRow; onClose: () => void }) {
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const delay = row.flight?.delayMinutes ?? 0;
  const form = useZodForm(flightDelayDialogSchema, {
    defaultValues: {
      state: row.flight?.status ?? 'delayed',
      hours: delay ? String(Math.floor(delay / 60)) : '',
      minutes: delay ? String(delay % 60) : '',
    } satisfies FlightDelayDialogValues,
  });
  const { control } = form;
  const state = useWatch({ control, name: 'state' });
  const save = useMutation({
    mutationFn: (values: Parameters<typeof flightDelayAttributes>[0]) =>
      saveFlightDelay(row.bookingId, flightDelayAttributes(values)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['resource', 'bookings'] }),
        queryClient.invalidateQueries({ queryKey: ['resource', 'booking-logs'] }),
      ]);
      snackbar.show('Flight updated', 'success');
      onClose();
    },
    onError: (error) => {
      if (!applyServerErrors(form, error))
        snackbar.show(firstErrorDetail(error, 'The flight could not be saved.'), 'error');
    },
  });
  return (
    <ResponsiveDialog open title={`Flight · ${row.bookingCode}`} onClose={onClose} persistent maxWidth={560}>
      <Form form={form} onSubmit={(values) => save.mutate(values)} aria-label="Flight">
        <DialogContent dividers>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {row.name} · {[row.airline, row.flightNumber].filter(Boolean).join(' ') || 'No flight'} · pick-up
            booked for {formatTime12(row.flight?.bookedTime ?? row.time)}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 2 }}>
            <FormSelectField control={control} name="state" label="Arriving flight" options={STATES} />
            {state === 'delayed' && (
              <>
                <FormTextField control={control} name="hours" label="Hours late" inputMode="numeric" />
                <FormTextField control={control} name="minutes" label="Minutes late" inputMode="numeric" />
              </>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {state === 'cancelled'
              ? 'The traveller is told; nothing is charged and the pick-up stays as booked.'
              : 'The pick-up and the shuttle follow the flight from the time booked, at no charge; the traveller is told.'}
          </Typography>
        </DialogContent>
        <SaveDialogActions pending={save.isPending} onCancel={onClose} />
      </Form>
    </ResponsiveDialog>
  );
}
