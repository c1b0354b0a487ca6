import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { CAR_AREA_LABELS, FUEL_LEVELS, type CarArea } from '@parking/domain/custody';
import { checkInDialogSchema, checkInDocument, type CheckInDialogValues } from '@parking/domain/custody-form';
import { MAX_PHOTOS_PER_BOOKING } from '@parking/domain/custody-photos';
import { businessDate, businessTimeOfDay } from '@parking/domain/dates';
import { CarOutline } from '@/components/custody/car-outline';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { saveCustody, uploadCustodyPhoto } from '@/lib/api/custody';
import { useAuth } from '@/lib/auth/auth-context';
import { compressPhoto } from '@/lib/compress-photo';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import { lotRegionsQuery } from '../api/booking-lookups';
import { ParkedFields } from './parked-fields';
import { RegionRowFields } from './region-row-fields';
import { useCustodySaved, type CustodyBooking } from './custody-booking';
import { SaveDialogActions } from './save-dialog-actions';

interface Photo {
  key: number;
  blob: Blob;
  url: string;
}

/** Photos taken with the device's camera (several), made small in the browser before they are sent. */
function PhotoPicker({ photos, onChange }: { photos: Photo[]; onChange: (photos: Photo[]) => void }) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    const added: Photo[] = [];
    for (const file of [...files].slice(0, MAX_PHOTOS_PER_BOOKING - photos.length)) {
      const blob = await compressPhoto(file);
      added.push({ key: Date.now() + Math.random(), blob, url: URL.createObjectURL(blob) });
    }
    setBusy(false);
    onChange([...photos, ...added]);
  };
  return (
    // The file input is hidden at its place: positioned against the dialog instead, it sat ~700 px below
    // the form and the dialog scrolled into that empty space (issue 40).
    <Box sx={{ position: 'relative' }}>
      <Box
        component="input"
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        data-testid="custody-photo-input"
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          void add(event.target.files);
          event.target.value = '';
        }}
        sx={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
      />
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        startIcon={<AddAPhotoOutlinedIcon />}
        disabled={busy}
      >
        {busy ? 'Preparing photos…' : photos.length ? 'Add photos' : 'Take photos'}
      </Button>
      {photos.length > 0 && (
        <Box
          component="ul"
          aria-label="Photos to save"
          sx={{
            listStyle: 'none',
            p: 0,
            m: '12px 0 0',
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, 96px)',
            gap: 1,
          }}
        >
          {photos.map((photo, index) => (
            <Box component="li" key={photo.key} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={photo.url}
                alt={`Photo ${index + 1}`}
                sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
              <IconButton
                size="small"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => {
                  URL.revokeObjectURL(photo.url);
                  onChange(photos.filter((item) => item.key !== photo.key));
                }}
                sx={{
                  position: 'absolute',
                  top: 2,
                  right: 2,
                  bgcolor: 'rgba(255,255,255,0.9)',
                  '&:hover': { bgcolor: '#fff' },
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * Check a car in (issue 23): one dialog with Parking Region, Row, Parked By (the signed-in staff member),
 * Date and Time Parked (now), Fuel Level, Damage on the car outline, kilometres, key tag, notes and
 * photos. Photos go first (each its own upload), then the check-in; Save closes the dialog and the
 * diary shows the row ticked.
 */
export function CheckInDialog({ booking, onClose }: { booking: CustodyBooking; onClose: () => void }) {
  const { user } = useAuth();
  const regions = useQuery(lotRegionsQuery(booking.lotId));
  const snackbar = useSnackbar();
  const saved = useCustodySaved(booking.id);
  const now = new Date();
  const form = useZodForm(checkInDialogSchema, {
    defaultValues: {
      lot: booking.lotId,
      lotRegion: booking.lotRegionId ?? '',
      lotRegionRow: booking.lotRegionRow ? String(booking.lotRegionRow) : '',
      regionRows: 0,
      parkedBy: user?.customerId ?? '',
      dateParked: businessDate(now, BUSINESS_TIME_ZONE),
      timeParked: businessTimeOfDay(now, BUSINESS_TIME_ZONE),
      fuelLevel: '',
      damage: [],
      kilometers: '',
      keyTag: '',
      notes: '',
    } satisfies CheckInDialogValues,
  });
  const { control } = form;
  const region = useWatch({ control, name: 'lotRegion' });
  useEffect(() => {
    const rows = regions.data?.find((item) => item.id === region)?.rows ?? 0;
    form.setValue('regionRows', rows);
  }, [regions.data, region, form]);
  const damage = useController({ control, name: 'damage' });
  const marks = damage.field.value ?? [];
  const toggle = (area: CarArea) =>
    damage.field.onChange(
      marks.some((mark) => mark.area === area)
        ? marks.filter((mark) => mark.area !== area)
        : [...marks, { area, note: '' }],
    );
  const [photos, setPhotos] = useState<Photo[]>([]);
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: async (values: Parameters<typeof checkInDocument>[0]) => {
      let left = photos;
      for (const photo of photos) {
        await uploadCustodyPhoto(booking.id, photo.blob);
        // An uploaded photo is not sent again if the check-in itself is refused and saved again.
        left = left.filter((item) => item.key !== photo.key);
        setPhotos(left);
      }
      return saveCustody(booking.id, 'check-ins', checkInDocument(values, BUSINESS_TIME_ZONE));
    },
    onSuccess: async () => {
      await saved();
      snackbar.show('Car checked in', 'success');
      onClose();
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: ['custody', booking.id] });
      if (!applyServerErrors(form, error))
        snackbar.show(firstErrorDetail(error, 'The check-in could not be saved.'), 'error');
    },
  });

  return (
    <ResponsiveDialog
      open
      title={`Check In · ${booking.bookingCode}`}
      onClose={onClose}
      persistent
      maxWidth={880}
    >
      <Form form={form} onSubmit={(values) => save.mutate(values)} aria-label="Check In">
        <DialogContent dividers>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {booking.name} · {booking.rego} · {booking.vehicle}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
              gap: 2,
            }}
          >
            <RegionRowFields control={control} />
            <ParkedFields control={control} />
            <FormSelectField
              control={control}
              name="fuelLevel"
              label="Fuel Level"
              options={FUEL_LEVELS}
              placeholder="Not recorded"
              helperText="Fuel, or charge for an electric car"
            />
            <FormTextField control={control} name="kilometers" label="Kilometres" inputMode="numeric" />
            <FormTextField control={control} name="keyTag" label="Key Tag" />
          </Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
            Damage
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <CarOutline
              marked={marks.map((mark) => mark.area)}
              onToggle={toggle}
              label="Damage: choose each damaged area"
            />
            <Stack spacing={1.5} sx={{ flexGrow: 1 }}>
              {marks.length === 0 && (
                <Typography color="text.secondary">
                  No damage marked. Choose an area of the car to mark it.
                </Typography>
              )}
              {marks.map((mark, index) => (
                <TextField
                  key={mark.area}
                  label={`${CAR_AREA_LABELS[mark.area]} damage`}
                  value={mark.note}
                  onChange={(event) =>
                    damage.field.onChange(
                      marks.map((item, at) => (at === index ? { ...item, note: event.target.value } : item)),
                    )
                  }
                  placeholder="What is there: scratch, dent, chip…"
                  slotProps={{ htmlInput: { maxLength: 300 } }}
                  fullWidth
                />
              ))}
            </Stack>
          </Stack>
          <Box sx={{ mt: 3 }}>
            <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} />
          </Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
            Photos
          </Typography>
          <PhotoPicker photos={photos} onChange={setPhotos} />
          {save.isError && !form.formState.errors.lotRegion && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {firstErrorDetail(save.error, 'The check-in could not be saved.')}
            </Alert>
          )}
        </DialogContent>
        <SaveDialogActions pending={save.isPending} onCancel={onClose} />
      </Form>
    </ResponsiveDialog>
  );
}
