import { useParams } from 'react-router';
import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { airlineFormSchema } from '@parking/domain/settings-forms';
import { FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import type { OneAnswer } from '@/lib/api/resources';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';

const toValues = ({ resource }: OneAnswer<NamedAttributes>) => ({ name: resource.attributes.name });

/** An airline (back-office §2): its name. The Not flying airline keeps its name: bookings rely on it. */
export function AirlineEditPage() {
  const { airlineId } = useParams();
  const screen = useRecordForm({
    type: 'airlines',
    id: airlineId,
    schema: airlineFormSchema,
    defaults: { name: '' },
    toValues,
    notFound: 'Airline not found',
    listHref: paths.adminAirlines.path,
    editHref: (id) => adminHref(paths.adminAirlinesEdit, { airlineId: id }),
    createdMessage: 'Airline Created',
    updatedMessage: 'Airline Updated',
  });
  const notFlying = screen.record?.resource.attributes.name === NOT_FLYING_AIRLINE;

  return (
    <FormScreen
      title={screen.isNew ? 'Add Airline' : 'Edit Airline'}
      screen={screen}
      saveDisabled={screen.saveDisabled || notFlying}
    >
      <FormSection title="Airline">
        <FormTextField
          control={screen.form.control}
          name="name"
          label="Name"
          required
          disabled={notFlying}
          helperText={
            notFlying
              ? 'Bookings without a flight use this airline, so it cannot be renamed or deleted.'
              : undefined
          }
        />
      </FormSection>
    </FormScreen>
  );
}
