/** The one check that a relationship's id names a row, and the one refusal when it does not. */
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../context';
import type { airlines, customers, lotRegions, lots, vehicleTypes } from '../db/schema/index';
import { DomainError } from '@parking/domain/errors';
import { isDatabaseId } from '@parking/domain/api-values';

/** The tables a booking's relationships name by id alone. */
export type LookupTable =
  typeof airlines | typeof vehicleTypes | typeof lots | typeof customers | typeof lotRegions;

/** `Invalid pk "<id>" - object does not exist.` on the relationship's pointer. */
export const doesNotExist = (relationshipName: string, id: number | string) =>
  DomainError.doesNotExist(relationshipName, id);

/**
 * Refuses an id (when one is given) that names no row of `table`; an id past int4 names none and is
 * answered so without asking the database.
 */
export async function mustExist(
  ctx: RequestContext,
  table: LookupTable,
  id: number | null | undefined,
  relationshipName: string,
): Promise<void> {
  if (id == null) return;
  if (!isDatabaseId(id)) throw doesNotExist(relationshipName, id);
  const [row] = await ctx.db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw doesNotExist(relationshipName, id);
}
