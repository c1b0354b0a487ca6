/**
 * The short-term rate table: a row (`short-term-rate-days`) per stay length, with one price per lot
 * (`short-term-rates`, saved one by one as the back office does). The long-stay daily rate is the
 * lot's own `rate`. Read by anyone: quotes publish these prices anyway.
 */
import type { RateDayAttributes, ShortTermRateAttributes } from '@parking/domain/api-contract/catalogue';
import { shortTermRateDaySchema, shortTermRateSchema } from '@parking/domain/catalogue';
import { shortTermRateDays, shortTermRates } from '../db/schema/index';
import type { ResourceDefinition } from '../jsonapi/resource';
import { PUBLIC_SETTINGS_ACCESS } from './settings-access';
import { lotNameOf } from './lot-sql';
import { hasMany } from '../jsonapi/relationships';
import { audText, moneyText } from '@parking/domain/api-values';

type ShortTermRateDayRow = typeof shortTermRateDays.$inferSelect;
type ShortTermRateRow = typeof shortTermRates.$inferSelect;

export const shortTermRateDaysResource: ResourceDefinition<ShortTermRateDayRow> = {
  type: 'short-term-rate-days',
  table: shortTermRateDays,
  idColumn: shortTermRateDays.id,
  notFound: 'Short term day not found',
  attributes: (row) => ({ days: row.days }) satisfies RateDayAttributes,
  relationships: {
    shortTermRates: hasMany('short-term-rates', shortTermRates, {
      id: shortTermRates.id,
      owner: shortTermRates.dayId,
      orderBy: lotNameOf(shortTermRates.lotId),
    }),
  },
  filters: {
    days: { kind: 'column', column: shortTermRateDays.days, value: 'int', ops: ['eq', 'in', 'gte', 'lte'] },
  },
  sorts: { days: shortTermRateDays.days, id: shortTermRateDays.id },
  defaultSort: 'days',
  access: PUBLIC_SETTINGS_ACCESS,
  write: { schema: shortTermRateDaySchema },
  uniqueErrors: {
    short_term_rate_days_days_key: {
      field: 'days',
      detail: 'A rate for this number of days already exists.',
    },
  },
};

export const shortTermRatesResource: ResourceDefinition<ShortTermRateRow> = {
  type: 'short-term-rates',
  table: shortTermRates,
  idColumn: shortTermRates.id,
  notFound: 'Rates not found',
  attributes: (row) =>
    ({ rate: moneyText(row.rate), formattedRate: audText(row.rate) }) satisfies ShortTermRateAttributes,
  relationships: {
    day: { kind: 'one', type: 'short-term-rate-days', key: 'dayId' },
    lot: { kind: 'one', type: 'lots', key: 'lotId' },
  },
  filters: {
    day: { kind: 'column', column: shortTermRates.dayId, value: 'int', ops: ['eq', 'in'] },
    lot: { kind: 'column', column: shortTermRates.lotId, value: 'int', ops: ['eq', 'in'] },
  },
  sorts: { lotName: lotNameOf(shortTermRates.lotId), id: shortTermRates.id },
  defaultSort: 'lotName',
  access: PUBLIC_SETTINGS_ACCESS,
  write: {
    schema: shortTermRateSchema,
    relationships: {
      day: { key: 'dayId', type: 'short-term-rate-days', required: true },
      lot: { key: 'lotId', type: 'lots', required: true },
    },
  },
  uniqueErrors: {
    short_term_rates_day_lot_key: {
      field: '/data/relationships/lot',
      detail: 'This day already has a rate for this lot.',
    },
  },
};
