/**
 * Exceptional days (back office "Pricing/Availability"): a date with a surcharge per lot
 * (`exceptional-rates`, saved one by one) and extras that cannot be booked for a stay covering it.
 * Read by anyone: the public site prices and offers extras with them.
 */
import type {
  ExceptionalDayAttributes,
  ExceptionalRateAttributes,
} from '@parking/domain/api-contract/catalogue';
import { exceptionalDaySchema, exceptionalRateSchema } from '@parking/domain/catalogue';
import {
  exceptionalDays,
  exceptionalDayUnavailableExtras,
  exceptionalRates,
  extras,
} from '../db/schema/index';
import type { ResourceDefinition } from '../jsonapi/resource';
import { PUBLIC_SETTINGS_ACCESS } from './settings-access';
import { visibleExtras } from './extras-resource';
import { lotNameOf } from './lot-sql';
import { hasMany, linkedWrite, manyToMany, type JoinTable } from '../jsonapi/relationships';
import { audText, moneyText } from '@parking/domain/api-values';

type ExceptionalDayRow = typeof exceptionalDays.$inferSelect;
type ExceptionalRateRow = typeof exceptionalRates.$inferSelect;

const unavailableExtras: JoinTable = {
  type: 'extras',
  table: exceptionalDayUnavailableExtras,
  owner: exceptionalDayUnavailableExtras.dayId,
  target: exceptionalDayUnavailableExtras.extraId,
  row: (dayId, extraId) => ({ dayId, extraId }),
  related: { table: extras, id: extras.id, visible: visibleExtras },
};

const uniqueErrors = {
  exceptional_days_date_key: { field: 'date', detail: 'An exceptional day with this date already exists.' },
};

export const exceptionalDaysResource: ResourceDefinition<ExceptionalDayRow> = {
  type: 'exceptional-days',
  table: exceptionalDays,
  idColumn: exceptionalDays.id,
  notFound: 'Exceptional day not found',
  attributes: (row) => ({ name: row.name, date: row.date }) satisfies ExceptionalDayAttributes,
  relationships: {
    exceptionalRates: hasMany('exceptional-rates', exceptionalRates, {
      id: exceptionalRates.id,
      owner: exceptionalRates.dayId,
      orderBy: lotNameOf(exceptionalRates.lotId),
    }),
    unavailableExtras: manyToMany(unavailableExtras),
  },
  filters: {
    date: { kind: 'column', column: exceptionalDays.date, value: 'date', ops: ['eq', 'in', 'gte', 'lte'] },
    name: { kind: 'column', column: exceptionalDays.name, value: 'string', ops: ['eq', 'icontains'] },
  },
  sorts: { date: exceptionalDays.date, name: exceptionalDays.name, id: exceptionalDays.id },
  defaultSort: '-date',
  access: PUBLIC_SETTINGS_ACCESS,
  ...linkedWrite<ExceptionalDayRow>({
    table: exceptionalDays,
    idColumn: exceptionalDays.id,
    schema: exceptionalDaySchema,
    updateSchema: exceptionalDaySchema.partial(),
    links: { unavailableExtras },
    uniqueErrors,
  }),
  uniqueErrors,
};

export const exceptionalRatesResource: ResourceDefinition<ExceptionalRateRow> = {
  type: 'exceptional-rates',
  table: exceptionalRates,
  idColumn: exceptionalRates.id,
  notFound: 'Rates not found',
  attributes: (row) =>
    ({
      surcharge: moneyText(row.surcharge),
      formattedSurcharge: audText(row.surcharge),
    }) satisfies ExceptionalRateAttributes,
  relationships: {
    day: { kind: 'one', type: 'exceptional-days', key: 'dayId' },
    lot: { kind: 'one', type: 'lots', key: 'lotId' },
  },
  filters: {
    day: { kind: 'column', column: exceptionalRates.dayId, value: 'int', ops: ['eq', 'in'] },
    lot: { kind: 'column', column: exceptionalRates.lotId, value: 'int', ops: ['eq', 'in'] },
  },
  sorts: { lotName: lotNameOf(exceptionalRates.lotId), id: exceptionalRates.id },
  defaultSort: 'lotName',
  access: PUBLIC_SETTINGS_ACCESS,
  write: {
    schema: exceptionalRateSchema,
    relationships: {
      day: { key: 'dayId', type: 'exceptional-days', required: true },
      lot: { key: 'lotId', type: 'lots', required: true },
    },
  },
  uniqueErrors: {
    exceptional_rates_day_lot_key: {
      field: '/data/relationships/lot',
      detail: 'This day already has a surcharge for this lot.',
    },
  },
};
