import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { FormSection } from '@/components/admin/form-screen';
import { UnavailableNote } from '@/components/extras-checklist';
import { distinctNotices } from '@/lib/api/extras';
import { formatMoneyText } from '@/lib/format';
import type { Extra } from '../api/booking-lookups';
import type { BookingForm } from './booking-form-context';

/** Back-office §4: an extra's price is its vehicle type's variation, else its base price, else 0.00. */
export function extraPrice(
  extra: Pick<Extra, 'id' | 'basePrice'> | undefined,
  variations: Record<string, string> | undefined,
): string {
  if (!extra) return '0.00';
  return variations?.[extra.id] ?? (extra.basePrice || '0.00');
}

/** Back-office §4: the extras total is the sum of the chosen extras' prices. */
export function extrasTotal(ids: readonly string[], priceOf: (id: string) => string): string {
  return formatMoney(ids.reduce((sum, id) => sum + parseMoney(priceOf(id)), 0));
}

interface Props {
  form: BookingForm;
  extras: Extra[] | undefined;
  loading: boolean;
  error: boolean;
  selected: string[];
  priceOf: (id: string) => string;
}

/**
 * Extras (back-office §2, §4): every extra with its price for the vehicle type; those that cannot be
 * booked for the stay (switched off, an extra blockout, an exceptional day) are disabled unless already
 * on the booking; staff-only extras are marked.
 */
export function BookingExtrasSection({ form, extras, loading, error, selected, priceOf }: Props) {
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...selected, id] : selected.filter((item) => item !== id);
    form.setValue('extras', next, { shouldDirty: true, shouldValidate: true });
  };
  const someUnavailable = extras?.some((extra) => !extra.available);

  return (
    <FormSection
      id="extras"
      title="Extras"
      action={
        <Typography sx={{ fontWeight: 600 }} aria-live="polite">
          {formatMoneyText(extrasTotal(selected, priceOf))}
        </Typography>
      }
    >
      {error && <Alert severity="error">The extras could not be loaded.</Alert>}
      {someUnavailable && (
        <Box sx={{ mb: 1.5 }}>
          <UnavailableNote notices={distinctNotices(extras ?? [])} />
        </Box>
      )}
      {loading ? (
        <Stack spacing={1} aria-hidden>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={40} />
          ))}
        </Stack>
      ) : (
        <Box
          role="group"
          aria-label="Extras"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}
        >
          {extras?.map((extra) => {
            const checked = selected.includes(extra.id);
            return (
              <FormControlLabel
                key={extra.id}
                control={
                  <Checkbox
                    checked={checked}
                    disabled={!extra.available && !checked}
                    onChange={(event) => toggle(extra.id, event.target.checked)}
                  />
                }
                sx={{ mr: 0, alignItems: 'center' }}
                label={
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{extra.name}</span>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {formatMoneyText(priceOf(extra.id))}
                    </Box>
                    {!extra.public && <Chip size="small" label="Staff only" />}
                    {!extra.available && <Chip size="small" variant="outlined" label="Unavailable" />}
                  </Box>
                }
              />
            );
          })}
        </Box>
      )}
    </FormSection>
  );
}
