/**
 * The lint's architecture rules (eslint.config.js) still catch what they are for: an import cycle and an
 * import against the server's layers. Lints a cycle on disk (test/lint-fixtures, which the main lint ignores)
 * and virtual files placed in the layers, so the fixtures never break `npm run lint` itself.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const server = join(root, 'apps/server/src');
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js'), ignore: false });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const importing = (specifier: string) =>
  `import * as target from '${specifier}';\n\nexport const used = target;\n`;

describe('lint architecture rules', () => {
  it('reports an import cycle', async () => {
    const [result] = await eslint.lintFiles([join(server, 'test/lint-fixtures/cycle-a.ts')]);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  }, 60_000);

  it('reports a cycle through type-only imports (lint:cycles)', () => {
    const run = spawnSync(
      join(root, 'node_modules/.bin/dpdm'),
      [
        '--no-warning',
        '--no-tree',
        '--no-progress',
        '--exit-code',
        'circular:1',
        '--exclude',
        'node_modules',
        join(server, 'test/lint-fixtures/type-cycle-a.ts'),
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /type-cycle-a\.ts -> .*type-cycle-b\.ts|type-cycle-b\.ts -> .*type-cycle-a\.ts/,
    );
  }, 60_000);

  it('reports an export no file imports (lint:unused)', () => {
    const run = spawnSync(
      join(root, 'node_modules/.bin/knip'),
      [
        '--directory',
        join(server, 'test/lint-fixtures/unused-export'),
        '--include',
        'exports',
        '--no-progress',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/squareArea\s+shapes\.ts/);
  }, 60_000);

  it.each([
    ['jsonapi/lint-selftest.ts', '../http/route'],
    ['catalogue/lint-selftest-resource.ts', '../pricing/quotes-routes'],
    ['bookings/lint-selftest.ts', './bookings-resource'],
    ['bookings/lint-selftest.ts', '../http/route'],
    ['bookings/lint-selftest.ts', '../jsonapi/errors'],
    ['payments/lint-selftest.ts', '../jsonapi/engine'],
    ['mail/lint-selftest.ts', '../bookings/book-online'],
    ['payments/provider/lint-selftest.ts', '../ledger'],
    ['documents/lint-selftest.ts', '../payments/ledger'],
    ['db/schema/lint-selftest.ts', '../../bookings/book-online'],
    ['seed/lint-selftest.ts', '../pricing/quotes-routes'],
  ])(
    'reports %s importing %s',
    async (from, specifier) => {
      expect(await ruleIds(importing(specifier), join(server, from))).toContain(
        'import-x/no-restricted-paths',
      );
    },
    60_000,
  );

  it('reports packages/domain importing the server', async () => {
    const filePath = join(root, 'packages/domain/src/lint-selftest.ts');
    expect(await ruleIds(importing('../../../apps/server/src/config/config'), filePath)).toContain(
      'import-x/no-restricted-paths',
    );
  }, 60_000);

  it.each([
    ['bookings/lint-selftest.ts', '../db/rows'],
    ['bookings/lint-selftest.ts', '../payments/ledger'],
    ['bookings/lint-selftest-resource.ts', './book-online'],
    ['bookings/lint-selftest-resource.ts', '../jsonapi/errors'],
    ['bookings/lint-selftest.ts', '@parking/domain/errors'],
    ['pricing/lint-selftest-routes.ts', '../bookings/bookings-resource'],
  ])(
    'lets %s import %s, below it',
    async (from, specifier) => {
      expect(await ruleIds(importing(specifier), join(server, from))).toEqual([]);
    },
    60_000,
  );
});
