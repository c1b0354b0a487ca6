/**
 * `npm run check:production`: is this environment ready to serve? First every setting at once (the same check
 * as the start: config-check.ts), each problem on its own line with what to set and why; then, when they are
 * valid, each outside service tried for real (cli/outside-checks.ts). Exit code 0 when all is well, 1 otherwise.
 * NODE_ENV defaults to production here, as the name says; another NODE_ENV is checked as that environment.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { configFrom } from '../config/config';
import { checkEnvironment } from '../config/config-check';
import { checkOutsideServices, formatResult } from './outside-checks';

/** Long enough for a managed database's TLS handshake from another region, short enough to wait for. */
export const CHECK_TIMEOUT_MS = 5_000;

export interface CheckProductionOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** One line of the report. */
  write: (line: string) => void;
  timeoutMs?: number;
}

/** Writes the report and answers the exit code. */
export async function runCheckProduction(options: CheckProductionOptions): Promise<number> {
  const { write } = options;
  const env = { ...options.env, NODE_ENV: options.env.NODE_ENV ?? 'production' };
  const checked = checkEnvironment(env);
  if (!checked.env) {
    const count = checked.problems.length === 1 ? '1 setting' : `${checked.problems.length} settings`;
    write(`FAIL settings: ${count} to fix for NODE_ENV=${env.NODE_ENV}, one a line:`);
    for (const problem of checked.problems) write(problem.message);
    for (const warning of checked.warnings) write(`WARN ${warning.message}`);
    write('The outside services are checked once the settings are valid.');
    return 1;
  }
  write(`PASS settings: every setting is valid for NODE_ENV=${checked.env.NODE_ENV}`);
  for (const warning of checked.warnings) write(`WARN ${warning.message}`);
  const results = await checkOutsideServices(configFrom(checked.env), options.timeoutMs ?? CHECK_TIMEOUT_MS);
  for (const result of results) write(formatResult(result));
  const failed = results.filter((result) => result.outcome === 'fail').length;
  write(failed ? `${failed} of ${results.length} checks failed.` : 'Every check passed.');
  return failed ? 1 : 0;
}

const isEntry =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isEntry) {
  runCheckProduction({ env: process.env, write: (line) => process.stdout.write(`${line}\n`) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      // A fault of the check itself, not of the settings: said in one line like the rest.
      console.error(`FAIL check:production: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
