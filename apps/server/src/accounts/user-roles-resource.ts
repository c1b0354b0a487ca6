/**
 * Who may give a user which roles (back-office §6): only Admins set roles, and never on their own
 * user, so that nobody can lock themselves out or promote themselves. The users and the customers
 * resources both write roles; both ask here.
 */
import { z } from 'zod';
import { DEFAULT_ROLES, ROLES, type Role } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { isAdmin, type RequestContext } from '../context';
import { errors } from '../jsonapi/errors';

const ONLY_ADMINS_SET_ROLES = 'Only admins can set roles.';

/** A non-empty list of known roles, each once. */
export const rolesRule = z
  .array(z.enum(ROLES, { error: messages.invalidChoice }), { error: messages.atLeastOneRole })
  .min(1, { error: messages.atLeastOneRole })
  .transform((roles) => [...new Set(roles)]);

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/** The refusal of roles sent by someone who is not an Admin. */
export const onlyAdminsSetRoles = () => errors.forbidden(ONLY_ADMINS_SET_ROLES, 'roles');

/**
 * The roles a write stores on `user`, or undefined when it changes nothing. A new user (`id` null)
 * holds the default roles until then, so sending exactly those is no change and anyone who may create
 * the user may send them (a Sales person's form shows the default, disabled).
 */
export function rolesToWrite(
  ctx: RequestContext,
  user: { id: number | null; roles: readonly string[] },
  requested: readonly Role[] | undefined,
): Role[] | undefined {
  if (requested === undefined || sameRoles(requested, user.roles)) return undefined;
  if (!isAdmin(ctx.user)) throw onlyAdminsSetRoles();
  if (user.id !== null && ctx.user?.id === user.id) throw errors.forbidden(messages.ownRoles, 'roles');
  return [...requested];
}

/** The roles of a user created now: the requested ones when the caller may set them, else the default. */
export const newUserRoles = (ctx: RequestContext, requested: readonly Role[] | undefined): Role[] =>
  rolesToWrite(ctx, { id: null, roles: DEFAULT_ROLES }, requested) ?? [...DEFAULT_ROLES];
