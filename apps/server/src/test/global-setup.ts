/**
 * Prepares one migrated database that every test file copies: a PGlite data-directory dump, or,
 * with TEST_DATABASE_URL, a PostgreSQL template database. Migrating once keeps each file's start fast.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type pg from 'pg';
import { openDatabase } from '../db/client';
import { templateName, withDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const TEMPLATE_DATABASE = templateName();
    project.provide('pgTemplate', TEMPLATE_DATABASE);
    await withDatabase(url, async (client: pg.Client) => {
      await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    });
    const handle = await openDatabase({ url: withName(url, TEMPLATE_DATABASE), poolSize: 1 });
    await handle.migrate();
    await handle.close();
    project.provide('pgliteDump', '');
    return async () => {
      await withDatabase(url, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`),
      );
    };
  }
  project.provide('pgTemplate', '');
  const handle = await openDatabase({});
  await handle.migrate();
  const dir = mkdtempSync(join(tmpdir(), 'parking-test-'));
  const file = join(dir, 'template.tar.gz');
  const dump = await handle.pglite?.dumpDataDir('gzip');
  if (!dump) throw new Error('PGlite did not dump its data directory');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
