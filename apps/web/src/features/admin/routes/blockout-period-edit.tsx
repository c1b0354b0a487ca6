import { useParams } from 'react-router';
import { businessLocalDatetime } from '@parking/domain/dates';
import {
  BLOCK_TYPE_OPTIONS,
  blockoutFormSchema,
  blockoutPayload,
  type BlockoutFormValues,
} from '@parking/domain/settings-forms';
import { FormDateField } from '@/components/admin/date-fields';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import { relatedIds } from '@/lib/api/jsonapi';
import type { OneAnswer } from '@/lib/api/resources';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import type { BlockoutPeriodAttributes } from '@parking/domain/api-contract/catalogue';
import { ExtrasChecklist } from '../components/extras-checklist';

const defaults: BlockoutFormValues = {
  name: '',
  message: '',
  startDatetime: '',
  endDatetime: '',
  blockType: '',
  extras: [],
};

const local = (iso: string) => businessLocalDatetime(new Date(iso), BUSINESS_TIME_ZONE);

function toValues({ resource }: OneAnswer<BlockoutPeriodAttributes>): BlockoutFormValues {
  const blockout = resource.attributes;
  return {
    name: blockout.name,
    message: blockout.message,
    startDatetime: local(blockout.startDatetime),
    endDatetime: local(blockout.endDatetime),
    blockType: blockout.blockType,
    extras: relatedIds(resource, 'extras'),
  };
}

const BLOCK_TYPE_HELP: Record<string, string> = {
  parking: 'No drop-off or pick-up within the period',
  online_form: 'The public online booking form shows the message instead while the period lasts',
  extra: 'The extras ticked below cannot be booked for a stay overlapping the period',
};

/**
 * A blockout period (back-office §2, §4): name, message, start and end (date and time, the end after the
 * start), its block type, and for an `extra` blockout the extras it blocks.
 */
export function BlockoutPeriodEditPage() {
  const { blockoutPeriodId } = useParams();
  const screen = useRecordForm({
    type: 'blockout-periods',
    id: blockoutPeriodId,
    schema: blockoutFormSchema,
    defaults,
    toValues,
    toPayload: (values) => {
      const payload = blockoutPayload(values, BUSINESS_TIME_ZONE);
      return {
        attributes: payload.attributes,
        relationships: { extras: payload.extras.map((id) => ({ type: 'extras', id })) },
      };
    },
    notFound: 'Blockout Period not found',
    listHref: paths.adminBlockoutPeriods.path,
    editHref: (id) => adminHref(paths.adminBlockoutPeriodsEdit, { blockoutPeriodId: id }),
    createdMessage: 'Blockout Period Created',
    updatedMessage: 'Blockout Period Updated',
  });
  const { control } = screen.form;
  const blockType = screen.form.watch('blockType');

  return (
    <FormScreen
      title={screen.isNew ? 'Add Blockout Period' : 'Edit Blockout Period'}
      subtitle={screen.record?.resource.attributes.name}
      screen={screen}
    >
      <FormSection title="Blockout Period">
        <FieldGrid>
          <FormTextField control={control} name="name" label="Name" required />
          <FormSelectField
            control={control}
            name="blockType"
            label="Block Type"
            required
            placeholder="Select a block type"
            options={BLOCK_TYPE_OPTIONS}
            helperText={BLOCK_TYPE_HELP[blockType]}
          />
          <FormDateField control={control} name="startDatetime" kind="datetime" label="Start" required />
          <FormDateField control={control} name="endDatetime" kind="datetime" label="End" required />
        </FieldGrid>
        <FormTextField
          control={control}
          name="message"
          label="Message"
          multiline
          minRows={2}
          sx={{ mt: 2 }}
          helperText="Shown to customers in place of the booking form (online form blockouts)"
        />
      </FormSection>
      {blockType === 'extra' && (
        <FormSection title="Extras">
          <ExtrasChecklist control={control} name="extras" label="Extras blocked in this period" />
        </FormSection>
      )}
    </FormScreen>
  );
}
