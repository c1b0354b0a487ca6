import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import { useParams } from 'react-router';
import { LOT_TYPES } from '@parking/domain/constants';
import { fractionToPercent } from '@parking/domain/numbers';
import { lotFormSchema, type LotFormValues } from '@parking/domain/settings-forms';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import type { OneAnswer } from '@/lib/api/resources';
import type { LotAttributes } from '@parking/domain/api-contract/catalogue';
import { LotRegions } from '../components/lot-regions';

const LOT_TYPE_OPTIONS = LOT_TYPES.map((value) => ({
  value,
  label: value === 'indoor' ? 'Indoor' : 'Outdoor',
}));

const defaults: LotFormValues = {
  name: '',
  slug: '',
  productCodename: '',
  lotType: '',
  spaces: '',
  fillRateThreshold: '',
  subscriptionParkingDiscount: '100',
  slotCapacity: '',
};

function toValues({ resource }: OneAnswer<LotAttributes>): LotFormValues {
  const lot = resource.attributes;
  return {
    name: lot.name,
    slug: lot.slug,
    productCodename: lot.productCodename,
    lotType: lot.lotType,
    spaces: String(lot.spaces),
    fillRateThreshold: lot.fillRateThreshold ?? '',
    subscriptionParkingDiscount: fractionToPercent(lot.subscriptionParkingDiscount),
    slotCapacity: lot.slotCapacity === null ? '' : String(lot.slotCapacity),
  };
}

/**
 * A car park (back-office §2, §5): name, slug, product codename and type required, spaces above 0, an
 * optional fill rate threshold 0-1; once created, its Regions below. Its long-stay rate is on the Rates
 * screen.
 */
export function LotEditPage() {
  const { lotId } = useParams();
  const screen = useRecordForm({
    type: 'lots',
    id: lotId,
    schema: lotFormSchema,
    defaults,
    toValues,
    notFound: 'Lot not found',
    listHref: paths.adminLots.path,
    editHref: (id) => adminHref(paths.adminLotsEdit, { lotId: id }),
    createdMessage: 'Lot Created',
    updatedMessage: 'Lot Updated',
  });
  const { control } = screen.form;

  return (
    <FormScreen
      title={screen.isNew ? 'Add Lot' : 'Edit Lot'}
      subtitle={screen.record?.resource.attributes.name}
      screen={screen}
      after={
        lotId ? (
          <LotRegions lotId={lotId} />
        ) : (
          <FormSection title="Regions">
            <Alert severity="info">Regions will appear here once the lot has been created.</Alert>
          </FormSection>
        )
      }
    >
      <FormSection title="Lot">
        <FieldGrid>
          <FormTextField control={control} name="name" label="Name" required />
          <FormTextField
            control={control}
            name="slug"
            label="Slug"
            required
            autoComplete="off"
            helperText="Lower-case letters, digits and hyphens; the public quotes ask for indoor and outdoor"
          />
          <FormTextField
            control={control}
            name="productCodename"
            label="Product Codename"
            required
            autoComplete="off"
            helperText="The payment provider's subscription product for this lot"
          />
          <FormSelectField
            control={control}
            name="lotType"
            label="Type"
            required
            placeholder="Select a type"
            options={LOT_TYPE_OPTIONS}
          />
        </FieldGrid>
      </FormSection>
      <FormSection title="Capacity">
        <FieldGrid columns={3}>
          <FormTextField
            control={control}
            name="spaces"
            label="Spaces"
            required
            type="number"
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
          <FormTextField
            control={control}
            name="fillRateThreshold"
            label="Fill Rate Threshold"
            type="number"
            slotProps={{ htmlInput: { min: 0, max: 1, step: 0.1 } }}
            helperText="Optional, 0 to 1: online bookings stop above this share of spaces"
          />
          <FormTextField
            control={control}
            name="subscriptionParkingDiscount"
            label="Subscription Parking Discount"
            required
            type="number"
            slotProps={{
              htmlInput: { min: 0, max: 100, step: 1 },
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
            helperText="How much of a covered stay a subscription takes off"
          />
          <FormTextField
            control={control}
            name="slotCapacity"
            label="Cars per 15-Minute Slot"
            type="number"
            slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
            helperText="Most drop-offs and pick-ups in any 15 minutes; empty for unlimited"
          />
        </FieldGrid>
      </FormSection>
    </FormScreen>
  );
}
