/**
 * The lint's architecture rules (eslint.config.js) still catch what they are for: an import cycle and an
 * import against the server's layers. Lints a cycle on disk (test/lint-fixtures, which the main lint ignores)
 * and virtual files placed in the layers, so the fixtures never break `npm run lint` itself.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const server = join(root, 'apps/server/src');
const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js'), ignore: false });

/** Some production module of a server folder, without its extension (the folders' files get renamed). */
function moduleIn(folder: string): string {
  const file = readdirSync(join(server, folder)).find(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  );
  if (!file) throw new Error(`no module in ${folder}/`);
  return `../${folder}/${file.replace(/\.ts$/, '')}`;
}

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

  it.each([
    ['jsonapi', 'http'],
    ['resources', 'routes'],
    ['services', 'resources'],
    ['documents', 'services'],
    ['db/schema', 'services'],
  ])(
    'reports %s/ importing %s/',
    async (from, to) => {
      const specifier = from.includes('/') ? `../${moduleIn(to)}` : moduleIn(to);
      expect(await ruleIds(importing(specifier), join(server, from, 'lint-selftest.ts'))).toContain(
        'import-x/no-restricted-paths',
      );
    },
    60_000,
  );

  it('reports packages/domain importing the server', async () => {
    const filePath = join(root, 'packages/domain/src/lint-selftest.ts');
    expect(await ruleIds(importing('../../../apps/server/src/config'), filePath)).toContain(
      'import-x/no-restricted-paths',
    );
  }, 60_000);

  it('lets a layer import the one below it', async () => {
    expect(await ruleIds(importing('../db/rows'), join(server, 'services/lint-selftest.ts'))).toEqual([]);
  }, 60_000);
});
