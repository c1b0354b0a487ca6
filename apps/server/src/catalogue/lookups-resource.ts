/** Small shared definitions: read by everyone, written by Admins (the settings lists). */

import type { VehicleTypeAttributes } from '@parking/domain/api-contract/catalogue';
import { z } from 'zod';
import { requiredText } from '@parking/domain/fields';
import { vehicleTypes } from '../db/schema/index';
import type { ResourceDefinition } from '../jsonapi/resource';
import { PUBLIC_SETTINGS_ACCESS } from './settings-access';

type VehicleTypeRow = typeof vehicleTypes.$inferSelect;

export const vehicleTypesResource: ResourceDefinition<VehicleTypeRow> = {
  type: 'vehicle-types',
  table: vehicleTypes,
  idColumn: vehicleTypes.id,
  notFound: 'Vehicle type not found',
  attributes: (row) => ({ name: row.name }) satisfies VehicleTypeAttributes,
  filters: {
    name: { kind: 'column', column: vehicleTypes.name, value: 'string', ops: ['eq', 'in', 'icontains'] },
  },
  sorts: { name: vehicleTypes.name, id: vehicleTypes.id },
  defaultSort: 'name',
  access: PUBLIC_SETTINGS_ACCESS,
  write: { schema: z.object({ name: requiredText(100) }) },
  uniqueErrors: {
    vehicle_types_name_key: { field: 'name', detail: 'A vehicle type with this name already exists.' },
  },
};
