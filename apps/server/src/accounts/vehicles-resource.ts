/** Vehicles: a customer's saved cars. Customers see and change only their own; delete is soft for them. */
import type { VehicleAttributes } from '@parking/domain/api-contract/accounts';
import { eq, sql } from 'drizzle-orm';
import { vehicleSchema } from '@parking/domain/vehicles';
import { isStaff } from '../context';
import { vehicles } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import type { ResourceDefinition } from '../jsonapi/resource';
import { iso } from '@parking/domain/api-values';
import { z } from 'zod';

type VehicleRow = typeof vehicles.$inferSelect;

export const vehiclesResource: ResourceDefinition<VehicleRow> = {
  type: 'vehicles',
  table: vehicles,
  idColumn: vehicles.id,
  notFound: 'Vehicle not found',
  attributes: (row) =>
    ({
      rego: row.rego,
      make: row.make,
      model: row.model,
      colour: row.colour,
      deleted: row.deleted,
      regoUuid: row.regoUuid,
      fullName: `${row.rego} - ${row.make} ${row.model}`.trim(),
      created: iso(row.created),
    }) satisfies VehicleAttributes,
  relationships: {
    vehicleType: { kind: 'one', type: 'vehicle-types', key: 'vehicleTypeId' },
    owner: { kind: 'one', type: 'customers', key: 'ownerId' },
  },
  filters: {
    owner: { kind: 'column', column: vehicles.ownerId, value: 'int', ops: ['eq', 'in', 'isnull'] },
    deleted: { kind: 'column', column: vehicles.deleted, value: 'bool' },
    regoUuid: { kind: 'column', column: vehicles.regoUuid, value: 'bool' },
    rego: { kind: 'column', column: vehicles.rego, value: 'string', ops: ['eq', 'in', 'icontains'] },
    vehicleType: { kind: 'column', column: vehicles.vehicleTypeId, value: 'int', ops: ['eq', 'in'] },
  },
  sorts: { id: vehicles.id, rego: vehicles.rego, created: vehicles.created, make: vehicles.make },
  defaultSort: 'rego',
  access: {
    list: 'authenticated',
    read: 'authenticated',
    create: 'authenticated',
    update: 'authenticated',
    delete: 'admin',
  },
  scope: (ctx) =>
    isStaff(ctx.user)
      ? undefined
      : ctx.user?.customerId
        ? eq(vehicles.ownerId, ctx.user.customerId)
        : sql`false`,
  write: {
    schema: vehicleSchema.extend({ deleted: z.boolean({ error: 'Must be a valid boolean.' }).optional() }),
    relationships: {
      vehicleType: { key: 'vehicleTypeId', type: 'vehicle-types', required: true },
      owner: { key: 'ownerId', type: 'customers' },
    },
    prepare(ctx, values, existing) {
      if (isStaff(ctx.user)) return values;
      // A customer's vehicle always belongs to that customer (the owner relationship is scoped too).
      const own = ctx.user?.customerId;
      if (!own) throw errors.forbidden();
      if (existing && existing.ownerId !== own) throw errors.notFound('Vehicle not found');
      // Undeleting is a staff matter; a customer's delete is final for them.
      if (existing?.deleted === true && values.deleted === false)
        throw errors.invalid('This vehicle has been deleted.', 'deleted');
      return { ...values, ownerId: own };
    },
  },
};
