/**
 * `npm run restore -- --file path`: replaces the configured database's contents with a backup made
 * by `npm run backup` (stop the server first). The embedded database's previous data directory is
 * kept beside it.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { modeOf, restore } from './backup-tools';

async function main() {
  const { values } = parseArgs({ options: { file: { type: 'string' } } });
  if (!values.file) throw new Error('Usage: npm run restore -- --file <backup file>');
  const config = loadConfig();
  const { keptAs } = await restore(config, values.file);
  console.info(`Restored the ${modeOf(config) === 'postgres' ? 'PostgreSQL' : 'embedded'} database from ${values.file}`);
  if (keptAs) console.info(`The previous data directory is kept in ${keptAs}`);
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
