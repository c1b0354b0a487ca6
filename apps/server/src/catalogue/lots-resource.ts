import type { LotAttributes } from '@parking/domain/api-contract/catalogue';
import { lotSchema } from '@parking/domain/catalogue';
import { LOT_SLUGS, LOT_TYPES } from '@parking/domain/constants';
import { lots } from '../db/schema/index';
import type { ResourceDefinition } from '../jsonapi/resource';
import { PUBLIC_SETTINGS_ACCESS } from './settings-access';
import { fractionText, moneyText } from '@parking/domain/api-values';

type LotRow = typeof lots.$inferSelect;

export const lotsResource: ResourceDefinition<LotRow> = {
  type: 'lots',
  table: lots,
  idColumn: lots.id,
  notFound: 'Lot not found',
  attributes: (row) =>
    ({
      name: row.name,
      slug: row.slug,
      productCodename: row.productCodename,
      lotType: row.lotType,
      spaces: row.spaces,
      fillRateThreshold: fractionText(row.fillRateThreshold),
      rate: moneyText(row.rate),
      subscriptionParkingDiscount: fractionText(row.subscriptionParkingDiscount),
      slotCapacity: row.slotCapacity,
    }) satisfies LotAttributes,
  filters: {
    slug: { kind: 'column', column: lots.slug, value: 'string', ops: ['eq', 'in'], choices: LOT_SLUGS },
    lotType: { kind: 'column', column: lots.lotType, value: 'string', ops: ['eq', 'in'], choices: LOT_TYPES },
    name: { kind: 'column', column: lots.name, value: 'string', ops: ['eq', 'icontains'] },
  },
  sorts: { name: lots.name, id: lots.id, spaces: lots.spaces },
  defaultSort: 'name',
  access: PUBLIC_SETTINGS_ACCESS,
  write: { schema: lotSchema },
  uniqueErrors: { lots_slug_key: { field: 'slug', detail: 'A lot with this slug already exists.' } },
};
