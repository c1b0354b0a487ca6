/**
 * `npm run restore -- --file path`: replaces the configured database's contents with a backup made
 * by `npm run backup` (stop the server first). The embedded database's previous data directory is
 * kept beside it.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import { modeOf, restore, runToCompletion } from './backup-tools';

async function main() {
  const { values } = parseArgs({ options: { file: { type: 'string' } } });
  if (!values.file) throw new Error('Usage: npm run restore -- --file <backup file>');
  const config = loadConfig();
  const { keptAs } = await restore(config, values.file);
  console.info(
    `Restored the ${modeOf(config) === 'postgres' ? 'PostgreSQL' : 'embedded'} database from ${values.file}`,
  );
  if (keptAs) console.info(`The previous data directory is kept in ${keptAs}`);
}

runToCompletion(main);
