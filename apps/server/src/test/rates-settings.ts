/**
 * The pricing settings tests (resources/rates-*.test.ts): a server with an Admin, a Sales user and a
 * customer signed in, the two lots, and two extras (one public, one hidden) made through the API.
 */
import { beforeAll } from 'vitest';
import { create, signInRoles, type Tokens } from './catalogue-factories';
import { createLots } from './factories';
import { useTestServer } from './suite';

export function useRatesServer() {
  const server = useTestServer();
  /** Filled in before the first test. */
  const tokens = {} as Tokens;
  const ids = { indoor: '', outdoor: '', wash: '', hidden: '' };
  beforeAll(async () => {
    Object.assign(tokens, await signInRoles(server));
    const [indoor, outdoor] = await createLots(server.handle.db);
    ids.indoor = String(indoor?.id);
    ids.outdoor = String(outdoor?.id);
    ids.wash = (
      await create(server, tokens.admin, 'extras', { name: 'Wash', extraType: 'detailing', basePrice: '30' })
    ).id;
    ids.hidden = (
      await create(server, tokens.admin, 'extras', {
        name: 'Hidden',
        extraType: 'service',
        basePrice: '5',
        public: false,
      })
    ).id;
  });
  return { server, tokens, ids };
}
