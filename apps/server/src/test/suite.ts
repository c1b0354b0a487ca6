/**
 * One test server for a whole test file: started before its first test, closed after its last. The
 * server is answered at once, as an object the file holds in a const and hands to its helpers; its
 * fields are filled in when the server has started.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestServer, type TestServer } from './server';

export function useTestServer(options: Parameters<typeof createTestServer>[0] = {}): TestServer {
  const server = {} as TestServer;
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await createTestServer(options);
    Object.assign(server, started);
  });
  afterAll(() => started?.close());
  return server;
}
