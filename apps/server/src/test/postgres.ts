import pg from 'pg';

export const TEMPLATE_DATABASE = 'parking_test_template';

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
