import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { lots } from '../db/schema/index';

/** The lot's name for ordering rows per lot: rates are listed by lot name (back-office §2). */
export const lotNameOf = (lotId: AnyPgColumn): SQL =>
  sql`(select ${lots.name} from ${lots} where ${lots.id} = ${lotId})`;
