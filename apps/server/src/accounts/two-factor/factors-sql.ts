/** The SQL pieces that tell, inside a session's own lookup, whether a login has a second factor and must. */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { appSettings, webauthnCredentials } from '../../db/schema/index';

export const STAFF_TWO_FACTOR_KEY = 'staff_two_factor_required';

/** Authenticator sign-in is on, or the user has a passkey. */
export const hasSecondFactorSql = (userId: AnyPgColumn, totpEnabledAt: AnyPgColumn): SQL<boolean> =>
  sql<boolean>`(${totpEnabledAt} IS NOT NULL OR EXISTS (SELECT 1 FROM ${webauthnCredentials} WHERE ${webauthnCredentials.userId} = ${userId}))`;

/** The Admins' setting as stored; null until an Admin sets it (the server's default then applies). */
export const staffRequiredSql = (): SQL<boolean | null> =>
  sql<
    boolean | null
  >`(SELECT (${appSettings.value} #>> '{}')::boolean FROM ${appSettings} WHERE ${appSettings.key} = ${STAFF_TWO_FACTOR_KEY})`;
