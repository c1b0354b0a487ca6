import { useParams } from 'react-router';
import { busTripFormSchema, type BusTripFormValues } from '@parking/domain/settings-forms';
import { FormDateField } from '@/components/admin/date-fields';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormSelectField } from '@/components/form/select-field';
import { adminHref, paths } from '@/config/paths';
import type { OneAnswer } from '@/lib/api/resources';
import type { BusTripAttributes } from '@parking/domain/api-contract/catalogue';
import { TIMETABLE_OPTIONS } from '../components/timetables';

const toValues = ({ resource }: OneAnswer<BusTripAttributes>): BusTripFormValues => ({
  service: resource.attributes.service,
  departureTime: resource.attributes.departureTime.slice(0, 5),
});

/** A shuttle departure (back-office §2): its timetable (required) and departure time. */
export function BusTripEditPage() {
  const { busTripId } = useParams();
  const screen = useRecordForm({
    type: 'bus-trips',
    id: busTripId,
    schema: busTripFormSchema,
    defaults: { service: '', departureTime: '' },
    toValues,
    notFound: 'Bus Trip not found',
    listHref: paths.adminBustrips.path,
    editHref: (id) => adminHref(paths.adminBustripsEdit, { busTripId: id }),
    createdMessage: 'Bus Trip Created',
    updatedMessage: 'Bus Trip Updated',
    invalidates: ['flights'],
  });
  const { control } = screen.form;

  return (
    <FormScreen title={screen.isNew ? 'Add Bus Trip' : 'Edit Bus Trip'} screen={screen}>
      <FormSection title="Bus Trip">
        <FieldGrid>
          <FormSelectField
            control={control}
            name="service"
            label="Timetable"
            required
            placeholder="Select a timetable"
            options={TIMETABLE_OPTIONS}
          />
          <FormDateField control={control} name="departureTime" kind="time" label="Departure Time" required />
        </FieldGrid>
      </FormSection>
    </FormScreen>
  );
}
