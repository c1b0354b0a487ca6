import DialogContent from '@mui/material/DialogContent';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import {
  handBackDialogSchema,
  handBackDocument,
  moveDialogSchema,
  moveDocument,
  type HandBackDialogValues,
  type MoveDialogValues,
} from '@parking/domain/custody-form';
import { businessDate, businessTimeOfDay } from '@parking/domain/dates';
import { FormDateField } from '@/components/admin/date-fields';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { custodyQuery, saveCustody } from '@/lib/api/custody';
import { useAuth } from '@/lib/auth/auth-context';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import { lotRegionsQuery, staffCustomersQuery } from '../api/booking-lookups';
import { useCustodySaved, type CustodyBooking } from './custody-booking';
import { RegionRowFields } from './region-row-fields';
import { SaveDialogActions } from './save-dialog-actions';

function DialogForm<TValues extends FieldValues, TOutput extends FieldValues>({
  title,
  booking,
  form,
  onSubmit,
  pending,
  onClose,
  children,
}: {
  title: string;
  booking: CustodyBooking;
  form: UseFormReturn<TValues, unknown, TOutput>;
  onSubmit: (values: TOutput) => void;
  pending: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ResponsiveDialog
      open
      title={`${title} · ${booking.bookingCode}`}
      onClose={onClose}
      persistent
      maxWidth={720}
    >
      <Form form={form} onSubmit={onSubmit} aria-label={title}>
        <DialogContent dividers>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {booking.name} · {booking.rego} · {booking.vehicle}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {children}
          </Box>
        </DialogContent>
        <SaveDialogActions pending={pending} onCancel={onClose} />
      </Form>
    </ResponsiveDialog>
  );
}

function useStaffOptions() {
  const staff = useQuery(staffCustomersQuery);
  return {
    placeholder: staff.isPending ? 'Loading…' : 'Select a staff member',
    options: (staff.data ?? []).map((member) => ({ value: member.id, label: member.name })),
  };
}

const nowValues = () => {
  const now = new Date();
  return { date: businessDate(now, BUSINESS_TIME_ZONE), time: businessTimeOfDay(now, BUSINESS_TIME_ZONE) };
};

/** Hand Back (pick-up): returned by (the signed-in staff member), when (now) and the kilometres out. */
export function HandBackDialog({ booking, onClose }: { booking: CustodyBooking; onClose: () => void }) {
  const { user } = useAuth();
  const record = useQuery(custodyQuery(booking.id));
  const staff = useStaffOptions();
  const snackbar = useSnackbar();
  const saved = useCustodySaved(booking.id);
  const form = useZodForm(handBackDialogSchema, {
    defaultValues: {
      returnedBy: user?.customerId ?? '',
      ...nowValues(),
      kilometers: '',
      kilometersIn: null,
    } satisfies HandBackDialogValues,
  });
  const kilometersIn = record.data?.kilometersIn ?? null;
  useEffect(() => form.setValue('kilometersIn', kilometersIn), [form, kilometersIn]);
  const save = useMutation({
    mutationFn: (values: Parameters<typeof handBackDocument>[0]) =>
      saveCustody(booking.id, 'hand-backs', handBackDocument(values, BUSINESS_TIME_ZONE)),
    onSuccess: async () => {
      await saved();
      snackbar.show('Car handed back', 'success');
      onClose();
    },
    onError: (error) => {
      if (!applyServerErrors(form, error))
        snackbar.show(firstErrorDetail(error, 'The hand-back could not be saved.'), 'error');
    },
  });
  const { control } = form;
  return (
    <DialogForm
      title="Hand Back"
      booking={booking}
      form={form}
      onSubmit={(values) => save.mutate(values)}
      pending={save.isPending}
      onClose={onClose}
    >
      <FormSelectField control={control} name="returnedBy" label="Returned By" {...staff} />
      <FormTextField
        control={control}
        name="kilometers"
        label="Kilometres Out"
        inputMode="numeric"
        helperText={
          kilometersIn === null
            ? 'No kilometres were recorded at check-in'
            : `In: ${kilometersIn.toLocaleString('en-AU')} km`
        }
      />
      <FormDateField control={control} name="date" label="Date Returned" />
      <FormDateField control={control} name="time" kind="time" label="Time Returned" />
    </DialogForm>
  );
}

/** Move: the car to another region and row of its car park, by whom and when. */
export function MoveDialog({ booking, onClose }: { booking: CustodyBooking; onClose: () => void }) {
  const { user } = useAuth();
  const staff = useStaffOptions();
  const regions = useQuery(lotRegionsQuery(booking.lotId));
  const snackbar = useSnackbar();
  const saved = useCustodySaved(booking.id);
  const form = useZodForm(moveDialogSchema, {
    defaultValues: {
      lot: booking.lotId,
      lotRegion: '',
      lotRegionRow: '',
      regionRows: 0,
      movedBy: user?.customerId ?? '',
      ...nowValues(),
    } satisfies MoveDialogValues,
  });
  const { control } = form;
  const region = useWatch({ control, name: 'lotRegion' });
  useEffect(() => {
    form.setValue('regionRows', regions.data?.find((item) => item.id === region)?.rows ?? 0);
  }, [regions.data, region, form]);
  const save = useMutation({
    mutationFn: (values: Parameters<typeof moveDocument>[0]) =>
      saveCustody(booking.id, 'moves', moveDocument(values, BUSINESS_TIME_ZONE)),
    onSuccess: async () => {
      await saved();
      snackbar.show('Car moved', 'success');
      onClose();
    },
    onError: (error) => {
      if (!applyServerErrors(form, error))
        snackbar.show(firstErrorDetail(error, 'The move could not be saved.'), 'error');
    },
  });
  return (
    <DialogForm
      title="Move"
      booking={booking}
      form={form}
      onSubmit={(values) => save.mutate(values)}
      pending={save.isPending}
      onClose={onClose}
    >
      <RegionRowFields control={control} />
      <FormSelectField control={control} name="movedBy" label="Moved By" {...staff} />
      <FormDateField control={control} name="date" label="Date Moved" />
      <FormDateField control={control} name="time" kind="time" label="Time Moved" />
    </DialogForm>
  );
}
