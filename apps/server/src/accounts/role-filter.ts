import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ROLES, type Role } from '@parking/domain/constants';
import { errors } from '../jsonapi/errors';
import type { FilterSpec } from '../jsonapi/resource';

/** `filter[name]=Admins,Sales`: users holding any of the roles (the customer list's Permission Group). */
export function rolesFilter(column: AnyPgColumn, name: string): FilterSpec {
  return {
    kind: 'custom',
    apply: (value) => {
      const roles = value.split(',').filter(Boolean);
      for (const role of roles) {
        if (!ROLES.includes(role as Role))
          throw errors.parameter(`"${role}" is not one of the available choices.`, `filter[${name}]`);
      }
      return roles.length ? sql`${column} && ${sql.param(roles)}::text[]` : undefined;
    },
  };
}
