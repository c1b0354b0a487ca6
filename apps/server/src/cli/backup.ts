/**
 * `npm run backup [-- --file path]`: a backup of the database the server is configured for
 * (DATABASE_URL: pg_dump custom format; otherwise the embedded PGlite data directory in DATA_DIR,
 * which must not be in use by a running server). Prints the file written.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import { backup, defaultBackupFile, modeOf, runToCompletion } from './backup-tools';

async function main() {
  const { values } = parseArgs({ options: { file: { type: 'string' } } });
  const config = loadConfig();
  const file = values.file ?? defaultBackupFile(config);
  await backup(config, file);
  console.info(
    `Backed up the ${modeOf(config) === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${file}`,
  );
}

runToCompletion(main);
