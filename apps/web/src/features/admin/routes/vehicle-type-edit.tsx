import { useParams } from 'react-router';
import { vehicleTypeFormSchema } from '@parking/domain/settings-forms';
import { FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormTextField } from '@/components/form/text-field';
import { adminHref, paths } from '@/config/paths';
import type { OneAnswer } from '@/lib/api/resources';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';

const toValues = ({ resource }: OneAnswer<NamedAttributes>) => ({ name: resource.attributes.name });

/** A vehicle type (back-office §2): its name. Extras may price each type differently. */
export function VehicleTypeEditPage() {
  const { vehicleTypeId } = useParams();
  const screen = useRecordForm({
    type: 'vehicle-types',
    id: vehicleTypeId,
    schema: vehicleTypeFormSchema,
    defaults: { name: '' },
    toValues,
    notFound: 'Vehicle type not found',
    listHref: paths.adminVehicletypes.path,
    editHref: (id) => adminHref(paths.adminVehicletypesEdit, { vehicleTypeId: id }),
    createdMessage: 'VehicleType Created',
    updatedMessage: 'VehicleType Updated',
  });

  return (
    <FormScreen title={screen.isNew ? 'Add Vehicle Type' : 'Edit Vehicle Type'} screen={screen}>
      <FormSection title="Vehicle Type">
        <FormTextField control={screen.form.control} name="name" label="Name" required />
      </FormSection>
    </FormScreen>
  );
}
