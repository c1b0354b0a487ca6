import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@parking/domain/messages';
import { ExtrasChecklist } from '@/components/extras-checklist';
import { firstErrorDetail } from '@/lib/api/client';
import { extrasQuery, extraVariationsQuery, type Extra } from '@/lib/api/extras';
import type { ManagedBooking } from '../api/manage-booking';
import { ChangeFormSection } from './change-form-section';
import { instant, LOCAL_DATETIME, type ChangeForm } from './change-form-values';

/**
 * The wizard's extras for the stay as it will be, priced for the vehicle type. An extra already on the
 * booking keeps the price it was sold at unless the vehicle type changes (as the server prices it).
 */
export function ChangeExtrasSection({ form, booking }: { form: ChangeForm; booking: ManagedBooking }) {
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
    <ChangeFormSection title="Extras">
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
    </ChangeFormSection>
  );
}
