/** Regions of a parking lot (rows of spaces), used when checking a car in: a staff matter. */
import type { LotRegionAttributes } from '@parking/domain/api-contract/catalogue';
import { lotRegionSchema } from '@parking/domain/catalogue';
import { lotRegions } from '../db/schema/index';
import type { ResourceDefinition } from '../jsonapi/resource';

type LotRegionRow = typeof lotRegions.$inferSelect;

export const lotRegionsResource: ResourceDefinition<LotRegionRow> = {
  type: 'lot-regions',
  table: lotRegions,
  idColumn: lotRegions.id,
  notFound: 'Region not found',
  attributes: (row) => ({ name: row.name, rows: row.rows }) satisfies LotRegionAttributes,
  relationships: { lot: { kind: 'one', type: 'lots', key: 'lotId' } },
  filters: { lot: { kind: 'column', column: lotRegions.lotId, value: 'int', ops: ['eq', 'in'] } },
  sorts: { name: lotRegions.name, rows: lotRegions.rows, id: lotRegions.id },
  defaultSort: 'name',
  access: { list: 'staff', read: 'staff', create: 'admin', update: 'admin', delete: 'admin' },
  write: { schema: lotRegionSchema, relationships: { lot: { key: 'lotId', type: 'lots', required: true } } },
};
