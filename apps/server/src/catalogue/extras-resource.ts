/**
 * Extras (detailing and services sold with a booking) and their per-vehicle-type prices. Private
 * extras (`public` false) exist for staff only: to everyone else they are simply not found.
 * `filter[checkAvailability]` is answered by catalogue/catalogue-routes.ts, which lists through this definition.
 */
import type { ExtraAttributes, ExtraVariationAttributes } from '@parking/domain/api-contract/catalogue';
import { eq, inArray, type SQL } from 'drizzle-orm';
import { extraSchema, extraVariationSchema } from '@parking/domain/catalogue';
import { EXTRA_TYPES } from '@parking/domain/constants';
import { isStaff, type RequestContext } from '../context';
import { extras, extraVariations } from '../db/schema/index';
import type { ResourceDefinition } from '../jsonapi/resource';
import { PUBLIC_SETTINGS_ACCESS } from './settings-access';
import { audText, moneyText } from '@parking/domain/api-values';

type ExtraRow = typeof extras.$inferSelect;
type ExtraVariationRow = typeof extraVariations.$inferSelect;

/** The extras a caller may see. */
export const visibleExtras = (ctx: RequestContext): SQL | undefined =>
  isStaff(ctx.user) ? undefined : eq(extras.public, true);

export const extrasResource: ResourceDefinition<ExtraRow> = {
  type: 'extras',
  table: extras,
  idColumn: extras.id,
  notFound: 'Extra not found',
  attributes: (row) =>
    ({
      name: row.name,
      description: row.description,
      extraType: row.extraType,
      basePrice: moneyText(row.basePrice),
      formattedPrice: audText(row.basePrice),
      available: row.available,
      public: row.public,
    }) satisfies ExtraAttributes,
  filters: {
    name: { kind: 'column', column: extras.name, value: 'string', ops: ['eq', 'icontains'] },
    extraType: {
      kind: 'column',
      column: extras.extraType,
      value: 'string',
      ops: ['eq', 'in'],
      choices: EXTRA_TYPES,
    },
    available: { kind: 'column', column: extras.available, value: 'bool' },
    public: { kind: 'column', column: extras.public, value: 'bool' },
  },
  sorts: { name: extras.name, id: extras.id, basePrice: extras.basePrice, extraType: extras.extraType },
  defaultSort: 'name',
  access: PUBLIC_SETTINGS_ACCESS,
  scope: visibleExtras,
  write: { schema: extraSchema },
};

export const extraVariationsResource: ResourceDefinition<ExtraVariationRow> = {
  type: 'extra-variations',
  table: extraVariations,
  idColumn: extraVariations.id,
  notFound: 'Extras Variations not found',
  attributes: (row) =>
    ({ price: moneyText(row.price), formattedPrice: audText(row.price) }) satisfies ExtraVariationAttributes,
  relationships: {
    extra: { kind: 'one', type: 'extras', key: 'extraId' },
    vehicleType: { kind: 'one', type: 'vehicle-types', key: 'vehicleTypeId' },
  },
  filters: {
    extra: { kind: 'column', column: extraVariations.extraId, value: 'int', ops: ['eq', 'in'] },
    vehicleType: { kind: 'column', column: extraVariations.vehicleTypeId, value: 'int', ops: ['eq', 'in'] },
  },
  sorts: { id: extraVariations.id, price: extraVariations.price },
  defaultSort: 'id',
  access: PUBLIC_SETTINGS_ACCESS,
  // A private extra's prices are as private as the extra.
  scope: (ctx) =>
    isStaff(ctx.user)
      ? undefined
      : inArray(
          extraVariations.extraId,
          ctx.db.select({ id: extras.id }).from(extras).where(eq(extras.public, true)),
        ),
  write: {
    schema: extraVariationSchema,
    relationships: {
      extra: { key: 'extraId', type: 'extras', required: true },
      vehicleType: { key: 'vehicleTypeId', type: 'vehicle-types', required: true },
    },
  },
  uniqueErrors: {
    extra_variations_extra_vehicle_type_key: {
      field: '/data/relationships/vehicleType',
      detail: 'This extra already has a price for this vehicle type.',
    },
  },
};
