/**
 * Blockout periods: `parking` refuses drop-offs and pick-ups inside the period, `online_form`
 * replaces the public booking form with its message while current (catalogue/catalogue-routes.ts answers
 * `current_form_blockout`), `extra` makes its extras unavailable for overlapping stays.
 */
import type { BlockoutPeriodAttributes } from '@parking/domain/api-contract/catalogue';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blockoutPeriodFields, blockoutPeriodSchema, endBeforeStart } from '@parking/domain/catalogue';
import { BLOCK_TYPES } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { blockoutPeriodExtras, blockoutPeriods, extras } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import type { FilterSpec, ResourceDefinition } from '../jsonapi/resource';
import { PUBLIC_SETTINGS_ACCESS } from './settings-access';
import { visibleExtras } from './extras-resource';
import { mergedDate, mergedValue } from '../jsonapi/merged';
import { linkedWrite, manyToMany, type JoinTable } from '../jsonapi/relationships';
import { iso } from '@parking/domain/api-values';

type BlockoutPeriodRow = typeof blockoutPeriods.$inferSelect;

const blockedExtras: JoinTable = {
  type: 'extras',
  table: blockoutPeriodExtras,
  owner: blockoutPeriodExtras.blockoutPeriodId,
  target: blockoutPeriodExtras.extraId,
  row: (blockoutPeriodId, extraId) => ({ blockoutPeriodId, extraId }),
  related: { table: extras, id: extras.id, visible: visibleExtras },
};

const instantFilter = (column: AnyPgColumn): FilterSpec => ({
  kind: 'column',
  column,
  value: 'datetime',
  ops: ['gte', 'lte', 'gt', 'lt'],
});

export const blockoutPeriodsResource: ResourceDefinition<BlockoutPeriodRow> = {
  type: 'blockout-periods',
  table: blockoutPeriods,
  idColumn: blockoutPeriods.id,
  notFound: 'Blockout Period not found',
  attributes: (row) =>
    ({
      name: row.name,
      message: row.message,
      startDatetime: iso(row.startDatetime),
      endDatetime: iso(row.endDatetime),
      blockType: row.blockType,
    }) satisfies BlockoutPeriodAttributes,
  relationships: { extras: manyToMany(blockedExtras) },
  filters: {
    blockType: {
      kind: 'column',
      column: blockoutPeriods.blockType,
      value: 'string',
      ops: ['eq', 'in'],
      choices: BLOCK_TYPES,
    },
    startDatetime: instantFilter(blockoutPeriods.startDatetime),
    endDatetime: instantFilter(blockoutPeriods.endDatetime),
  },
  sorts: {
    startDatetime: blockoutPeriods.startDatetime,
    endDatetime: blockoutPeriods.endDatetime,
    name: blockoutPeriods.name,
    id: blockoutPeriods.id,
  },
  defaultSort: 'startDatetime',
  access: PUBLIC_SETTINGS_ACCESS,
  ...linkedWrite<BlockoutPeriodRow>({
    table: blockoutPeriods,
    idColumn: blockoutPeriods.id,
    schema: blockoutPeriodSchema,
    updateSchema: blockoutPeriodFields.partial(),
    links: { extras: blockedExtras },
    prepare(values, links, existing) {
      if (
        endBeforeStart(
          mergedDate(values, existing, 'startDatetime'),
          mergedDate(values, existing, 'endDatetime'),
        )
      ) {
        throw errors.invalid(messages.dateAfterStart, 'endDatetime');
      }
      // Extras mean something only to an `extra` blockout; any other type keeps none.
      if (mergedValue(values, existing, 'blockType') !== 'extra') links.set('extras', []);
    },
  }),
};
