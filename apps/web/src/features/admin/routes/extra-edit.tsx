import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useParams } from 'react-router';
import { EXTRA_TYPES } from '@parking/domain/constants';
import { extraFormSchema, type ExtraFormValues } from '@parking/domain/settings-forms';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormMoneyField } from '@/components/form/money-field';
import { FormSelectField } from '@/components/form/select-field';
import { FormSwitchField } from '@/components/form/switch-field';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import type { OneAnswer } from '@/lib/api/resources';
import type { ExtraAttributes } from '@parking/domain/api-contract/catalogue';
import { CostVariations } from '../components/cost-variations';

const EXTRA_TYPE_OPTIONS = EXTRA_TYPES.map((value) => ({
  value,
  label: value === 'detailing' ? 'Detailing' : 'Service',
}));

const defaults: ExtraFormValues = {
  name: '',
  description: '',
  extraType: 'detailing',
  basePrice: '',
  available: true,
  public: true,
};

function toValues({ resource }: OneAnswer<ExtraAttributes>): ExtraFormValues {
  const extra = resource.attributes;
  return {
    name: extra.name,
    description: extra.description,
    extraType: extra.extraType,
    basePrice: extra.basePrice,
    available: extra.available,
    public: extra.public,
  };
}

/**
 * An extra (back-office §2, §5): name and base price required, its type, description, whether it can be
 * booked and whether the public site offers it (Publicly Visible); once created, its price per vehicle
 * type in Cost Variations below.
 */
export function ExtraEditPage() {
  const { extraId } = useParams();
  const screen = useRecordForm({
    type: 'extras',
    id: extraId,
    schema: extraFormSchema,
    defaults,
    toValues,
    notFound: 'Extra not found',
    listHref: paths.adminExtras.path,
    editHref: (id) => adminHref(paths.adminExtrasEdit, { extraId: id }),
    createdMessage: 'Extra Created',
    updatedMessage: 'Extra Updated',
  });
  const { control } = screen.form;

  return (
    <FormScreen
      title={screen.isNew ? 'Add Extra' : 'Edit Extra'}
      subtitle={screen.record?.resource.attributes.name}
      screen={screen}
      after={
        extraId ? (
          <CostVariations extraId={extraId} basePrice={screen.record?.resource.attributes.basePrice ?? ''} />
        ) : (
          <FormSection title="Cost Variations">
            {/* Back-office §2: the notice's wording is the spec's, "lot" included. */}
            <Alert severity="info">Cost Variations will appear here once the lot has been created.</Alert>
          </FormSection>
        )
      }
    >
      <FormSection title="Extra">
        <FieldGrid columns={3}>
          <FormTextField control={control} name="name" label="Name" required />
          <FormSelectField
            control={control}
            name="extraType"
            label="Type"
            required
            options={EXTRA_TYPE_OPTIONS}
          />
          <FormMoneyField
            control={control}
            name="basePrice"
            label="Base Price"
            required
            helperText="For vehicle types without a price of their own"
          />
        </FieldGrid>
        <Stack spacing={2} sx={{ mt: 2 }}>
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
            <FormSwitchField
              control={control}
              name="available"
              label="Available"
              helperText="Off: it cannot be booked at all"
            />
            <FormSwitchField
              control={control}
              name="public"
              label="Publicly Visible"
              helperText="Off: offered by staff only, not on the public site"
            />
          </Stack>
        </Stack>
      </FormSection>
    </FormScreen>
  );
}
