/**
 * `npm run backup [-- --file path]`: a backup of the database the server is configured for
 * (DATABASE_URL: pg_dump custom format; otherwise the embedded PGlite data directory in DATA_DIR,
 * which must not be in use by a running server). Prints the file written.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backup, defaultBackupFile, modeOf } from './backup-tools';

async function main() {
  const { values } = parseArgs({ options: { file: { type: 'string' } } });
  const config = loadConfig();
  const file = values.file ?? defaultBackupFile(config);
  await backup(config, file);
  console.info(`Backed up the ${modeOf(config) === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${file}`);
}

// A backup that stops without finishing (an engine promise that never settles) must not look like success.
let finished = false;
process.on('exit', (code) => {
  if (!finished && code === 0) {
    console.error('Stopped before finishing: nothing was completed.');
    process.exitCode = 1;
  }
});

main()
  .then(() => {
    finished = true;
  })
  .catch((error: unknown) => {
    finished = true;
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
