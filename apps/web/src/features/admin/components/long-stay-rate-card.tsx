import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { longStayRatesSchema, perLotRows } from '@parking/domain/settings-forms';
import { FieldGrid } from '@/components/admin/form-screen';
import { applyServerErrors, useZodForm } from '@/components/form/form';
import { FormMoneyField } from '@/components/form/money-field';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails } from '@/lib/api/client';
import { invalidateTypes } from '@/lib/api/resource-queries';
import { saveResource } from '@/lib/api/resources';
import { lotsQuery } from '../api/booking-lookups';

/**
 * The Long Stay Rate card of the rates list (back-office §2): each lot's daily rate for the days past the
 * largest row of the rate table, one currency field per lot labelled by its name, and Save.
 */
export function LongStayRateCard() {
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const lots = useQuery(lotsQuery);
  const form = useZodForm(longStayRatesSchema, { defaultValues: { rates: [] } });
  const [saving, setSaving] = useState(false);
  const names = new Map((lots.data ?? []).map((lot) => [lot.id, lot.name]));

  // The stored rates fill the card, unless the user has started changing them.
  const { isDirty, isValid } = form.formState;
  useEffect(() => {
    if (!lots.data || isDirty) return;
    const rows = perLotRows(
      lots.data,
      lots.data.map((lot) => ({ id: lot.id, lot: lot.id, amount: lot.rate })),
      '',
    );
    form.reset({ rates: rows.map((row) => ({ id: row.id, lot: row.lot, rate: row.amount })) });
  }, [lots.data, isDirty, form]);

  const save = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      // Back-office §7 "lot rates": each lot saved with its own rate.
      for (const row of values.rates) await saveResource('lots', { attributes: { rate: row.rate } }, row.lot);
      snackbar.show('Rates Updated');
      // Clean again only once the lots have been read back, so that the card never shows the old rates.
      await invalidateTypes(queryClient, 'lots');
      form.reset(form.getValues());
    } catch (error) {
      applyServerErrors(form, error);
      for (const detail of errorDetails(error, 'The rates could not be saved.'))
        snackbar.show(detail, 'error');
    } finally {
      setSaving(false);
    }
  });
  const rates = form.watch('rates');

  return (
    <Card component="section" variant="outlined" aria-labelledby="long-stay-rate-heading" sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Typography id="long-stay-rate-heading" variant="h4" component="h2">
          Long Stay Rate
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          The daily rate for each day of a stay beyond the longest row below.
        </Typography>
        {lots.isError ? (
          <Alert severity="error">Rates not found</Alert>
        ) : lots.isPending ? (
          <Skeleton variant="rounded" height={56} />
        ) : (
          <Box component="form" noValidate aria-label="Long Stay Rate" onSubmit={(event) => void save(event)}>
            <FieldGrid columns={4}>
              {rates.map((row, index) => (
                <FormMoneyField
                  key={row.lot}
                  control={form.control}
                  name={`rates.${index}.rate`}
                  label={names.get(row.lot) ?? `Lot ${row.lot}`}
                  required
                />
              ))}
            </FieldGrid>
            <Button
              type="submit"
              variant="contained"
              sx={{ mt: 2 }}
              disabled={saving || !isValid || rates.length === 0}
              startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SaveIcon />}
            >
              Save
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
