/** Airlines, including the special 'Not flying' entry the booking forms rely on. */
import type { AirlineAttributes } from '@parking/domain/api-contract/catalogue';
import { eq } from 'drizzle-orm';
import { airlineSchema } from '@parking/domain/catalogue';
import { NOT_FLYING_AIRLINE } from '@parking/domain/constants';
import { airlines } from '../db/schema/index';
import { errors } from '../jsonapi/errors';
import type { ResourceDefinition } from '../jsonapi/resource';
import { PUBLIC_SETTINGS_ACCESS } from './settings-access';

type AirlineRow = typeof airlines.$inferSelect;

// The booking rules recognise this airline by its name: renaming or deleting it would break them.
const NOT_FLYING_KEPT = `The ${NOT_FLYING_AIRLINE} airline is needed for bookings without a flight and cannot be renamed or deleted.`;

export const airlinesResource: ResourceDefinition<AirlineRow> = {
  type: 'airlines',
  table: airlines,
  idColumn: airlines.id,
  notFound: 'Airline not found',
  attributes: (row) => ({ name: row.name }) satisfies AirlineAttributes,
  filters: {
    name: { kind: 'column', column: airlines.name, value: 'string', ops: ['eq', 'in', 'icontains'] },
  },
  sorts: { name: airlines.name, id: airlines.id },
  defaultSort: 'name',
  access: PUBLIC_SETTINGS_ACCESS,
  write: {
    schema: airlineSchema,
    prepare(_ctx, values, existing) {
      if (
        existing?.name === NOT_FLYING_AIRLINE &&
        values.name !== undefined &&
        values.name !== NOT_FLYING_AIRLINE
      ) {
        throw errors.invalid(NOT_FLYING_KEPT, 'name');
      }
      return values;
    },
  },
  async remove(ctx, row) {
    if (row.name === NOT_FLYING_AIRLINE) throw errors.invalid(NOT_FLYING_KEPT);
    await ctx.db.delete(airlines).where(eq(airlines.id, row.id));
  },
  uniqueErrors: { airlines_name_key: { field: 'name', detail: 'An airline with this name already exists.' } },
};
