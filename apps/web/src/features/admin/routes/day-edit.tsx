import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useParams } from 'react-router';
import {
  exceptionalDayFormSchema,
  perLotRows,
  type ExceptionalDayFormOutput,
  type ExceptionalDayFormValues,
} from '@parking/domain/settings-forms';
import { FormDateField } from '@/components/admin/date-fields';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormMoneyField } from '@/components/form/money-field';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import { relatedId, relatedIds } from '@/lib/api/jsonapi';
import { ref, saveResource, type OneAnswer } from '@/lib/api/resources';
import { lotsQuery } from '../api/booking-lookups';
import type {
  ExceptionalDayAttributes,
  ExceptionalRateAttributes,
} from '@parking/domain/api-contract/catalogue';
import { ExtrasChecklist } from '../components/extras-checklist';

/** A lot without a surcharge of its own on this day pays none. */
const NO_SURCHARGE = '0.00';

/**
 * The day with its unavailable extras, then each lot's surcharge as its own record; a surcharge that
 * fails is let go, as back-office §7 has it ("each exceptional rate saved individually, errors ignored").
 */
async function saveDay(values: ExceptionalDayFormOutput, id: string | undefined): Promise<string> {
  const day = await saveResource(
    'exceptional-days',
    {
      attributes: { name: values.name, date: values.date },
      relationships: {
        unavailableExtras: values.unavailableExtras.map((extra) => ({ type: 'extras', id: extra })),
      },
    },
    id,
  );
  await Promise.allSettled(
    values.surcharges.map((row) =>
      saveResource(
        'exceptional-rates',
        row.id
          ? { attributes: { surcharge: row.surcharge } }
          : {
              attributes: { surcharge: row.surcharge },
              relationships: { day: ref('exceptional-days', day.id), lot: ref('lots', row.lot) },
            },
        row.id || undefined,
      ),
    ),
  );
  return day.id;
}

/**
 * An exceptional day (back-office §2 "Pricing/Availability"): name and date required, a surcharge per lot
 * (sorted by lot name) added to every stay that covers the date, and the extras that cannot be booked
 * for such a stay. Leaving with unsaved changes asks first.
 */
export function DayEditPage() {
  const { dayId } = useParams();
  const lots = useQuery(lotsQuery);
  const lotList = lots.data;
  const toValues = useCallback(
    ({ resource, included }: OneAnswer<ExceptionalDayAttributes>): ExceptionalDayFormValues => {
      const stored = included
        .many<ExceptionalRateAttributes>(resource, 'exceptionalRates', 'exceptional-rates')
        .map((rate) => ({
          id: rate.id,
          lot: relatedId(rate, 'lot') ?? '',
          amount: rate.attributes.surcharge,
        }));
      return {
        name: resource.attributes.name,
        date: resource.attributes.date,
        surcharges: perLotRows(lotList ?? [], stored, NO_SURCHARGE).map((row) => ({
          id: row.id,
          lot: row.lot,
          surcharge: row.amount,
        })),
        unavailableExtras: relatedIds(resource, 'unavailableExtras'),
      };
    },
    [lotList],
  );
  const screen = useRecordForm({
    type: 'exceptional-days',
    id: dayId,
    include: 'exceptionalRates.lot',
    schema: exceptionalDayFormSchema,
    defaults: { name: '', date: '', surcharges: [], unavailableExtras: [] },
    toValues,
    save: saveDay,
    notFound: 'Exceptional day not found',
    listHref: paths.adminDays.path,
    editHref: (id) => adminHref(paths.adminDaysEdit, { dayId: id }),
    createdMessage: 'Day Created',
    updatedMessage: 'Day Updated',
    invalidates: ['exceptional-rates'],
  });
  const { control, getValues, reset } = screen.form;

  // A new day starts with no surcharge in any lot, once the lots are known (as defaults: not a change).
  const { isNew } = screen;
  useEffect(() => {
    if (!isNew || !lotList || getValues('surcharges').length > 0) return;
    const surcharges = perLotRows(lotList, [], NO_SURCHARGE).map((row) => ({
      id: row.id,
      lot: row.lot,
      surcharge: row.amount,
    }));
    reset({ ...getValues(), surcharges }, { keepDirtyValues: true });
  }, [isNew, lotList, getValues, reset]);
  const surcharges = screen.form.watch('surcharges');
  const names = new Map((lotList ?? []).map((lot) => [lot.id, lot.name]));

  return (
    <FormScreen
      title={screen.isNew ? 'Add Day' : 'Edit Day'}
      subtitle={screen.record?.resource.attributes.name}
      loading={screen.loading || lots.isPending}
      screen={screen}
    >
      <FormSection title="Day">
        <FieldGrid>
          <FormTextField
            control={control}
            name="name"
            label="Name"
            required
            helperText="e.g. Christmas Eve"
          />
          <FormDateField control={control} name="date" label="Date" required />
        </FieldGrid>
      </FormSection>
      <FormSection id="surcharges" title="Surcharges">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Added to the price of every stay in the lot that covers this day.
        </Typography>
        <FieldGrid columns={4}>
          {surcharges.map((row, index) => (
            <FormMoneyField
              key={row.lot}
              control={control}
              name={`surcharges.${index}.surcharge`}
              label={names.get(row.lot) ?? `Lot ${row.lot}`}
              required
            />
          ))}
        </FieldGrid>
      </FormSection>
      <FormSection id="unavailable-extras" title="Unavailable Extras">
        <ExtrasChecklist
          control={control}
          name="unavailableExtras"
          label="Extras that cannot be booked for a stay covering this day"
        />
      </FormSection>
    </FormScreen>
  );
}
