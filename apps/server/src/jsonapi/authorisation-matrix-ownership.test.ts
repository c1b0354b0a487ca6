/**
 * The authorisation matrix, customer A's data: customer B reads none of A's rows, lists included, and
 * RULES, what an empty document cannot show, are each tried for real on customer A's rows: the database
 * says whether the change was made, and a refusal changes nothing. The checks are
 * test/authorisation-matrix-harness.ts.
 */
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { customers, users } from '../db/schema/index';
import { login } from '../test/factories';
import {
  call,
  expectNoProblems,
  matrix,
  mismatch,
  problems,
  targets,
  tokens,
  useMatrixServer,
} from '../test/authorisation-matrix-harness';
import { ADMINS, API, CALLERS, type Expectation } from '../test/authorisation-matrix-table';

interface Rule {
  what: string;
  /** Y = made (2xx, and the database shows it), N = refused (4xx, nothing but errors) and nothing changed. */
  expect: Expectation;
  /** The request that tries it, with a value nobody has yet. */
  request: (value: string) => { method: string; url: string; body: unknown };
  /** Whether the database holds the change. */
  made: (value: string) => Promise<boolean>;
  /** Puts customer A back as they were, after a caller made the change. */
  undo: () => Promise<void>;
}

/** Customer A's login: the address it has, as the database holds it. */
async function loginEmailOfA(): Promise<string | undefined> {
  const [row] = await matrix.server.handle.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, Number(targets.get('users'))));
  return row?.email;
}

/** Back to A's address, confirmed, and a fresh session for A (the change ended A's sessions). */
async function restoreLoginEmailOfA() {
  const { server, emailA } = matrix;
  const userId = Number(targets.get('users'));
  await server.handle.db
    .update(users)
    .set({ email: emailA, emailConfirmed: true })
    .where(eq(users.id, userId));
  await server.handle.db.update(customers).set({ email: emailA }).where(eq(customers.userId, userId));
  tokens.set('customer A', await login(server.app, emailA));
}

/** Changing a login's email through a resource: only Admins may. */
function loginEmailRule(type: 'customers' | 'users'): Rule {
  return {
    what: `change a login's email through ${type}`,
    expect: ADMINS,
    request: (email) => {
      const id = targets.get(type) ?? '';
      return {
        method: 'PATCH',
        url: `${API}/${type}/${id}/`,
        body: { data: { type, id, attributes: { email } } },
      };
    },
    made: async (email) => (await loginEmailOfA()) === email,
    undo: restoreLoginEmailOfA,
  };
}

/** A login's email is where its password resets go: only Admins change it, through either resource. */
const RULES: Rule[] = [loginEmailRule('customers'), loginEmailRule('users')];

useMatrixServer();

describe('authorisation matrix', () => {
  it('keeps customer A’s booking, vehicle, invoice, subscription, user and customer from customer B, lists included', async () => {
    const { emailA, bookingA } = matrix;
    for (const type of ['bookings', 'vehicles', 'subscriptions', 'users', 'customers']) {
      const id = targets.get(type) ?? '';
      const read = await call('customer B', 'GET', `${API}/${type}/${id}/`, undefined);
      expect(mismatch(`read A's ${type}`, 'NNNNNNN', 'customer B', read)).toBeUndefined();
      expect(read.status).toBe(404);
      const list = await call('customer B', 'GET', `${API}/${type}/?page[size]=100`, undefined);
      expect(list.status).toBe(200);
      expect(
        (JSON.parse(list.body) as { data: Array<{ id: string }> }).data.map((row) => row.id),
      ).not.toContain(id);
      expect(list.body).not.toContain(emailA);
    }
    const invoice = await call('customer B', 'GET', `${API}/bookings/${bookingA}/invoice/`, undefined);
    expect(invoice.status).toBe(404);
    expect(
      (await call('customer A', 'GET', `${API}/bookings/${bookingA}/invoice/`, undefined)).type,
    ).toContain('application/pdf');
  });

  it("holds only the caller's own data in their privacy download (issue 38)", async () => {
    const { server, emailA } = matrix;
    // Those with a login (a partner's key is no login: the back office's API answers it as a visitor).
    for (const caller of CALLERS.filter((name) => name !== 'anonymous' && name !== 'partner')) {
      const response = await server.app.inject({
        method: 'GET',
        url: `${API}/personal-data/`,
        headers: { authorization: `Token ${tokens.get(caller) ?? ''}` },
      });
      expect(response.statusCode).toBe(200);
      const text = Object.values(unzipSync(new Uint8Array(response.rawPayload)))
        .map((bytes) => strFromU8(bytes))
        .join('\n');
      expect(text.includes(emailA), caller).toBe(caller === 'customer A');
    }
  });

  it('makes or refuses each rule as the table says, changing nothing when refused', async () => {
    const { emailA } = matrix;
    let checks = 0;
    for (const [index, rule] of RULES.entries()) {
      const value = `matrix-rule-${index}@example.com`;
      for (const caller of CALLERS) {
        const { method, url, body } = rule.request(value);
        const answer = await call(caller, method, url, body);
        const made = await rule.made(value);
        const label = `${rule.what} as ${caller}: ${answer.status} ${answer.body.slice(0, 160)}`;
        const refused =
          answer.status >= 400 &&
          answer.status < 405 &&
          Object.keys(JSON.parse(answer.body) as object).join() === 'errors';
        if (rule.expect[CALLERS.indexOf(caller)] === 'Y') {
          if (answer.status >= 300 || !made) problems.push(`${label} (expected made)`);
        } else if (!refused || made || answer.body.includes(emailA)) {
          problems.push(`${label} (expected refused, nothing changed)`);
        }
        if (made) await rule.undo();
        checks += 1;
      }
    }
    expectNoProblems();
    expect(checks).toBe(RULES.length * CALLERS.length);
  });
});
