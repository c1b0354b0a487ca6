import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import {
  perLotRows,
  rateDayFormSchema,
  type RateDayFormOutput,
  type RateDayFormValues,
} from '@parking/domain/settings-forms';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormMoneyField } from '@/components/form/money-field';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import { relatedId } from '@/lib/api/jsonapi';
import { ref, saveResource, type OneAnswer } from '@/lib/api/resources';
import { lotsQuery } from '../api/booking-lookups';
import type { RateDayAttributes, ShortTermRateAttributes } from '@parking/domain/api-contract/catalogue';

/** The day first, then each lot's rate as its own record (back-office §7 "short-term rate (each saved)"). */
async function saveRateDay(values: RateDayFormOutput, id: string | undefined): Promise<string> {
  const day = await saveResource('short-term-rate-days', { attributes: { days: values.days } }, id);
  for (const row of values.rates) {
    await saveResource(
      'short-term-rates',
      row.id
        ? { attributes: { rate: row.rate } }
        : {
            attributes: { rate: row.rate },
            relationships: { day: ref('short-term-rate-days', day.id), lot: ref('lots', row.lot) },
          },
      row.id || undefined,
    );
  }
  return day.id;
}

/**
 * A row of the short-term rate table (back-office §2 "Rates"): its number of days (above 0) and, once
 * created, the price of a stay that long in each lot.
 */
export function RateEditPage() {
  const { rateId } = useParams();
  const lots = useQuery(lotsQuery);
  const lotList = lots.data;
  const toValues = useCallback(
    ({ resource, included }: OneAnswer<RateDayAttributes>): RateDayFormValues => {
      const stored = included
        .many<ShortTermRateAttributes>(resource, 'shortTermRates', 'short-term-rates')
        .map((rate) => ({
          id: rate.id,
          lot: relatedId(rate, 'lot') ?? '',
          amount: rate.attributes.rate,
        }));
      return {
        days: String(resource.attributes.days),
        rates: perLotRows(lotList ?? [], stored, '').map((row) => ({
          id: row.id,
          lot: row.lot,
          rate: row.amount,
        })),
      };
    },
    [lotList],
  );
  const screen = useRecordForm({
    type: 'short-term-rate-days',
    id: rateId,
    include: 'shortTermRates',
    schema: rateDayFormSchema,
    defaults: { days: '', rates: [] },
    toValues,
    save: saveRateDay,
    notFound: 'Short term day not found',
    listHref: paths.adminRates.path,
    editHref: (id) => adminHref(paths.adminRatesEdit, { rateId: id }),
    createdMessage: 'Rate Created',
    updatedMessage: 'Rate Updated',
    invalidates: ['short-term-rates'],
  });
  const { control } = screen.form;
  const rates = screen.form.watch('rates');
  const names = new Map((lotList ?? []).map((lot) => [lot.id, lot.name]));

  return (
    <FormScreen
      title={screen.isNew ? 'Add Rate' : 'Edit Rate'}
      loading={screen.loading || (!screen.isNew && lots.isPending)}
      screen={screen}
    >
      <FormSection title="Rate">
        <FieldGrid columns={4}>
          <FormTextField
            control={control}
            name="days"
            label="Days"
            required
            type="number"
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            helperText="The length of stay these prices are for"
          />
        </FieldGrid>
      </FormSection>
      <FormSection id="rates" title="Rates">
        {screen.isNew ? (
          <Alert severity="info">Rates will appear here once the day has been created.</Alert>
        ) : (
          <FieldGrid columns={4}>
            {rates.map((row, index) => (
              <FormMoneyField
                key={row.lot}
                control={control}
                name={`rates.${index}.rate`}
                label={names.get(row.lot) ?? `Lot ${row.lot}`}
                required
              />
            ))}
          </FieldGrid>
        )}
      </FormSection>
    </FormScreen>
  );
}
