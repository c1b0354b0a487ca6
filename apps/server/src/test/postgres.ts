import pg from 'pg';

/** One template per test run, so that two runs on the same server never drop each other's. */
export const templateName = () => `parking_test_template_${process.pid}_${Date.now().toString(36)}`;

/** Runs statements on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function withDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
