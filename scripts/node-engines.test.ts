/**
 * Every package the lock file installs runs on the oldest Node.js the product declares (package.json's
 * engines, the README's requirements). One that asks for a newer Node makes `npm install` print an EBADENGINE
 * warning, which a newcomer takes for an error (issue 40: cookie@2 asks for Node 22; it came with
 * @fastify/cookie 11.1.1+ and light-my-request 6.8+, so those stay at 11.1.0 and 6.6.0, which use cookie@1).
 * Every install script npm 11 meets is decided in package.json (allowScripts), or an install ends with a warning.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

interface LockEntry {
  version?: string;
  engines?: Record<string, string> | string[];
  hasInstallScript?: boolean;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as T;

/** The lock file's packages whose `engines.node` leaves out `node`, as "name@version (wants range)". */
export function packagesRefusing(packages: Record<string, LockEntry>, node: string): string[] {
  return Object.entries(packages).flatMap(([path, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!path || !range || semver.satisfies(node, range, { includePrerelease: true })) return [];
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    return [`${name}@${entry.version ?? '?'} (wants node ${range})`];
  });
}

/**
 * The lock file's packages with an install script that package.json's `allowScripts` does not decide: npm 11
 * skips their scripts and ends every install with a warning naming them.
 */
export function scriptsUndecided(packages: Record<string, LockEntry>, allowScripts: Record<string, boolean>) {
  return Object.entries(packages).flatMap(([path, entry]) => {
    if (!path || !entry.hasInstallScript) return [];
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    return Object.hasOwn(allowScripts, name) ? [] : [`${name}@${entry.version ?? '?'}`];
  });
}

describe('Node.js engines', () => {
  const declared = readJson<{ engines: { node: string } }>('package.json').engines.node;
  const oldest = semver.minVersion(declared)?.version ?? '';

  it('the README names the oldest Node.js that package.json declares', () => {
    const major = `${semver.major(oldest)}.${semver.minor(oldest)}`;
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`Node.js ${major} or later`);
  });

  it('every locked package runs on it', () => {
    const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
    expect(packagesRefusing(lock.packages, oldest)).toEqual([]);
  });

  it('a package asking for a newer Node is named', () => {
    const packages = {
      '': { version: '0.1.0' },
      'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
      'node_modules/a/node_modules/cookie': { version: '1.1.1', engines: { node: '>=18' } },
    };
    expect(packagesRefusing(packages, oldest)).toEqual(['cookie@2.0.2 (wants node >=22)']);
  });
});

describe('install scripts', () => {
  it('every locked package with an install script is allowed or denied in package.json', () => {
    const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
    const { allowScripts = {} } = readJson<{ allowScripts?: Record<string, boolean> }>('package.json');
    expect(scriptsUndecided(lock.packages, allowScripts)).toEqual([]);
  });

  it('one left undecided is named', () => {
    const packages = {
      'node_modules/esbuild': { version: '0.25.12', hasInstallScript: true },
      'node_modules/sharp': { version: '0.34.0', hasInstallScript: true },
      'node_modules/zod': { version: '4.0.0' },
    };
    expect(scriptsUndecided(packages, { esbuild: false })).toEqual(['sharp@0.34.0']);
  });
});
