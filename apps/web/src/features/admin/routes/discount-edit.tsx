import InputAdornment from '@mui/material/InputAdornment';
import { useParams } from 'react-router';
import { discountAttributes, discountFormSchema, type DiscountFormValues } from '@parking/domain/admin-forms';
import { businessLocalDatetime } from '@parking/domain/dates';
import { fractionToPercent } from '@parking/domain/numbers';
import { FormDateField } from '@/components/admin/date-fields';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import type { OneAnswer } from '@/lib/api/resources';
import type { DiscountAttributes } from '@parking/domain/api-contract/catalogue';

const local = (iso: string | null) => (iso ? businessLocalDatetime(new Date(iso), BUSINESS_TIME_ZONE) : '');

const defaults: DiscountFormValues = {
  name: '',
  promoCode: '',
  notes: '',
  rate: '',
  validFrom: '',
  validTo: '',
  dropOffStart: '',
  dropOffEnd: '',
};

function toValues({ resource }: OneAnswer<DiscountAttributes>): DiscountFormValues {
  const discount = resource.attributes;
  return {
    name: discount.name,
    promoCode: discount.promoCode,
    notes: discount.notes,
    rate: fractionToPercent(discount.rate),
    validFrom: local(discount.validFrom),
    validTo: local(discount.validTo),
    dropOffStart: local(discount.dropOffStart),
    dropOffEnd: local(discount.dropOffEnd),
  };
}

/**
 * A promo code (back-office §2 "Discounts", §5): Name, Promo Code (saved upper-cased), Notes, Discount Rate
 * as a percent 0-100 (stored as a fraction), Valid From/To and the optional drop-off window.
 */
export function DiscountEditPage() {
  const { discountId } = useParams();
  const screen = useRecordForm({
    type: 'discounts',
    id: discountId,
    schema: discountFormSchema,
    defaults,
    toValues,
    toPayload: (values) => ({ attributes: discountAttributes(values, BUSINESS_TIME_ZONE) }),
    notFound: 'Discount not found',
    listHref: paths.adminDiscounts.path,
    editHref: (id) => adminHref(paths.adminDiscountsEdit, { discountId: id }),
    createdMessage: 'Discount Created',
    updatedMessage: 'Discount Updated',
  });
  const { control } = screen.form;

  return (
    <FormScreen
      title={screen.isNew ? 'Add Promo Code' : 'Edit Promo Code'}
      subtitle={screen.record?.resource.attributes.discountDetails}
      screen={screen}
    >
      <FormSection title="Promo Code">
        <FieldGrid>
          <FormTextField control={control} name="name" label="Name" required />
          <FormTextField
            control={control}
            name="promoCode"
            label="Promo Code"
            required
            autoComplete="off"
            slotProps={{
              htmlInput: {
                autoCapitalize: 'characters',
                spellCheck: false,
                style: { textTransform: 'uppercase' },
              },
            }}
          />
          <FormTextField
            control={control}
            name="rate"
            label="Discount Rate"
            required
            inputMode="decimal"
            helperText="A percentage of the parking charge, from 0 to 100"
            slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          />
          <FormTextField control={control} name="notes" label="Notes" multiline minRows={2} />
        </FieldGrid>
      </FormSection>
      <FormSection title="Validity">
        <FieldGrid>
          <FormDateField control={control} name="validFrom" kind="datetime" label="Valid From" required />
          <FormDateField control={control} name="validTo" kind="datetime" label="Valid To" required />
          <FormDateField
            control={control}
            name="dropOffStart"
            kind="datetime"
            label="Drop Off Start"
            helperText="Optional: the code applies only to drop-offs from this time"
          />
          <FormDateField
            control={control}
            name="dropOffEnd"
            kind="datetime"
            label="Drop Off End"
            helperText="Optional: and up to this time"
          />
        </FieldGrid>
      </FormSection>
    </FormScreen>
  );
}
