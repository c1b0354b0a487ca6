/**
 * The signed-in user as the browser knows it: loaded once at start-up from `sessions/current/`, set by
 * a login, cleared by logout or any 401. TanStack Query holds it under one key, so every screen reads
 * the same answer.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  CustomerAttributes,
  SessionAttributes,
  UserAttributes,
} from '@parking/domain/api-contract/accounts';
import type { Role } from '@parking/domain/constants';
import type { SignInMethod } from '@parking/domain/two-factor';
import { apiRequest, hasErrorCode } from '@/lib/api/client';
import { IncludedIndex, relatedId, type JsonApiDocument, type Resource } from '@/lib/api/jsonapi';
import { clearToken } from '@/lib/api/token-storage';

/** The user's attributes the browser keeps (the API contract's), roles as the known roles (users_roles_valid). */
type SessionUserAttributes = Pick<
  UserAttributes,
  | 'email'
  | 'title'
  | 'firstName'
  | 'lastName'
  | 'phoneNumber'
  | 'business'
  | 'emailConfirmed'
  | 'activeIndoorSubscription'
  | 'activeOutdoorSubscription'
> & { roles: Role[] };

/** The customer's attributes the browser keeps (the API contract's, as a customer sees them). */
type SessionCustomerAttributes = Pick<
  CustomerAttributes,
  | 'email'
  | 'emailConfirmed'
  | 'title'
  | 'firstName'
  | 'lastName'
  | 'phoneNumber'
  | 'business'
  | 'fullName'
  | 'hasSubscription'
>;

export interface SessionUser extends SessionUserAttributes {
  id: string;
  /** The user's own customer record (profile details, bookings, vehicles); staff may have none. */
  customerId: string | null;
}

export interface SessionCustomer extends SessionCustomerAttributes {
  id: string;
}

export interface Session {
  user: SessionUser;
  customer: SessionCustomer | null;
  /** How this session was signed in (password, password+totp, passkey...). */
  signInMethod: SignInMethod;
  /** Staff who must set up two-factor sign-in before anything else (issue 38): only /two-factor opens. */
  twoFactorSetupRequired: boolean;
}

export type SessionDocument = JsonApiDocument<Resource<SessionAttributes> | null>;

export const sessionQueryKey = ['session'] as const;

/** A session document (login answer or current session) as the user and their customer. */
export function readSession(document: SessionDocument): Session | null {
  const session = document.data;
  if (!session) return null;
  const included = new IncludedIndex(document.included);
  const user = included.one<Omit<UserAttributes, 'roles'> & { roles: Role[] }>(session, 'user', 'users');
  if (!user) return null;
  const customerId = relatedId(user, 'customer');
  const customer = included.find<CustomerAttributes>('customers', customerId);
  return {
    user: { ...user.attributes, id: user.id, customerId },
    customer: customer ? { ...customer.attributes, id: customer.id } : null,
    signInMethod: session.attributes.signInMethod ?? 'password',
    twoFactorSetupRequired: session.attributes.twoFactorSetupRequired ?? false,
  };
}

async function fetchCurrentSession(signal: AbortSignal): Promise<Session | null> {
  try {
    return readSession(
      await apiRequest<SessionDocument>('sessions/current', { signal, handleUnauthorized: false }),
    );
  } catch (error) {
    // A stored token that the server no longer knows (expired, logged out elsewhere): the visitor is
    // simply not signed in. Asking again without it lets a still-valid session cookie speak.
    if (hasErrorCode(error, 'not_authenticated')) {
      clearToken();
      return readSession(
        await apiRequest<SessionDocument>('sessions/current', { signal, handleUnauthorized: false }),
      );
    }
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchCurrentSession(signal),
  // Changed only by login, logout, a 401 or an explicit refresh after a profile change.
  staleTime: Infinity,
  retry: false,
});

/** "Charlotte Wilson", or the email when no name is known. */
export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** "CW" for the avatar. */
export function initials(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  const letters = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}
