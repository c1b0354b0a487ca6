import TextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import { vehicleFormSchema } from '@parking/domain/vehicles';
import { FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { VehicleFields } from '@/components/vehicle-fields';
import { adminHref, paths } from '@/config/paths';
import { relatedId } from '@/lib/api/jsonapi';
import { ref, type OneAnswer } from '@/lib/api/resources';
import type { CustomerAttributes, VehicleAttributes } from '@parking/domain/api-contract/accounts';
import { CustomerPicker, type CustomerOption } from '../components/customer-picker';

const schema = vehicleFormSchema.extend({ owner: z.string() });

/**
 * A vehicle (back-office §2 "Vehicle edit screen"): Rego, Make, Model, Vehicle Type, Colour and its
 * owner, read-only once saved. A new vehicle is given its owner here, since a vehicle belongs to someone.
 */
export function VehicleEditPage() {
  const { vehicleId } = useParams();
  const [owner, setOwner] = useState<CustomerOption | null>(null);
  const screen = useRecordForm({
    type: 'vehicles',
    id: vehicleId,
    include: 'vehicleType,owner',
    schema,
    defaults: { rego: '', make: '', model: '', colour: '', vehicleType: '', owner: '' },
    toValues: ({ resource }: OneAnswer<VehicleAttributes>) => ({
      rego: resource.attributes.rego,
      make: resource.attributes.make,
      model: resource.attributes.model,
      colour: resource.attributes.colour,
      vehicleType: relatedId(resource, 'vehicleType') ?? '',
      owner: relatedId(resource, 'owner') ?? '',
    }),
    toPayload: (values) => ({
      attributes: { rego: values.rego, make: values.make, model: values.model, colour: values.colour },
      relationships: {
        vehicleType: ref('vehicle-types', values.vehicleType),
        ...(vehicleId === undefined && values.owner ? { owner: ref('customers', values.owner) } : {}),
      },
    }),
    notFound: 'Vehicle not found',
    listHref: paths.adminVehicles.path,
    editHref: (id) => adminHref(paths.adminVehiclesEdit, { vehicleId: id }),
    createdMessage: 'Vehicle Created',
    updatedMessage: 'Vehicle Updated',
    invalidates: ['customers'],
  });
  const savedOwner = screen.record?.included.one<CustomerAttributes>(
    screen.record.resource,
    'owner',
    'customers',
  );

  return (
    <FormScreen
      title={screen.isNew ? 'Add Vehicle' : 'Edit Vehicle'}
      subtitle={screen.record?.resource.attributes.fullName}
      screen={screen}
    >
      <FormSection title="Vehicle Details">
        <Stack spacing={2.5}>
          <VehicleFields control={screen.form.control} />
          {screen.isNew ? (
            <CustomerPicker
              label="Customer"
              value={owner}
              onChange={(customer) => {
                setOwner(customer);
                screen.form.setValue('owner', customer?.id ?? '', { shouldDirty: true });
              }}
              helperText="The customer this vehicle belongs to"
            />
          ) : (
            <TextField
              label="Customer"
              value={savedOwner?.attributes.fullName ?? 'No owner'}
              slotProps={{ input: { readOnly: true } }}
              helperText={
                savedOwner ? (
                  <Link href={adminHref(paths.adminCustomersEdit, { customerId: savedOwner.id })}>
                    Open the customer
                  </Link>
                ) : undefined
              }
              fullWidth
            />
          )}
        </Stack>
      </FormSection>
    </FormScreen>
  );
}
