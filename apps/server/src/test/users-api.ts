/** The users resource's tests (resources/users-*.test.ts): their server, a registration and the calls. */
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { uniqueEmail } from './accounts';
import { api, doc } from './server';
import { useTestServer } from './suite';

export const USERS = '/backend/api/v1/users/';
export const SESSIONS = '/backend/api/v1/sessions/';

/** A valid registration document (a new address each time), with these attributes over it. */
export const registration = (attributes: Record<string, unknown> = {}) =>
  doc('users', {
    email: uniqueEmail('reg'),
    password: 'secret-pass-1',
    title: 'Mr',
    firstName: 'Alan',
    lastName: 'Smith',
    phoneNumber: '0400 111 222',
    business: 'Smith & Co',
    ...attributes,
  });

export const userUrl = (id: number | string) => `${USERS}${id}/`;

/** The file's server, and the users calls against it. */
export function useUsersServer() {
  const server = useTestServer();
  const register = (attributes: Record<string, unknown> = {}, token?: string) =>
    api(server.app, 'POST', USERS, { body: registration(attributes), token });
  const patchUser = (id: number, attributes: Record<string, unknown>, token?: string) =>
    api(server.app, 'PATCH', userUrl(id), { token, body: doc('users', attributes, { id: String(id) }) });
  async function findUser(email: string) {
    const [row] = await server.handle.db.select().from(users).where(eq(users.email, email));
    return row;
  }
  return { server, register, patchUser, findUser };
}
