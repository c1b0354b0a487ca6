/**
 * `npm run seed [-- --force]`: migrates the configured database and fills it with demo data.
 * Refuses to touch a database that already has users or lots unless --force is given.
 */
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/client';
import { isEmpty, seedDemo } from './demo';

async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const unknown = argv.filter((arg) => arg !== '--force');
  if (unknown.length) {
    console.error(
      `Unknown argument${unknown.length > 1 ? 's' : ''}: ${unknown.join(' ')}\nUsage: npm run seed [-- --force]`,
    );
    return 2;
  }
  const config = loadConfig();
  const where = config.databaseUrl
    ? 'the PostgreSQL database in DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await handle.migrate();
    if (!(await isEmpty(handle.db))) {
      if (!force) {
        console.error(
          `Not seeding: ${where} already has users or lots.\n` +
            'Demo data goes into an empty database only. Run `npm run seed -- --force` to add it anyway\n' +
            '(this fails if the demo logins, lots or other unique rows already exist).',
        );
        return 1;
      }
      console.warn(`--force: seeding ${where} although it is not empty.`);
    }
    console.info(`Seeding ${where} with demo data...`);
    const summary = await seedDemo(handle.db, {
      now: new Date(),
      timeZone: config.timeZone,
      emailDomain: config.emailDomain,
    });
    const { milliseconds, today, fill, bookingsByStatus, firstStart, ...counts } = summary;
    console.info(`Done in ${(milliseconds / 1000).toFixed(1)} s.`);
    for (const [name, value] of Object.entries(counts)) console.info(`  ${name.padEnd(20)} ${value}`);
    console.info(
      `  bookings by status   ${Object.entries(bookingsByStatus)
        .map(([status, n]) => `${status} ${n}`)
        .join(', ')}`,
    );
    console.info(`  today (${today.date})   ${today.dropOffs} drop-offs, ${today.pickUps} pick-ups`);
    for (const [slug, { peak, pastAverage }] of Object.entries(fill)) {
      console.info(
        `  fill ${slug.padEnd(15)} peak ${Math.round(peak * 100)}%, last three months' average ${Math.round(pastAverage * 100)}%`,
      );
    }
    const busy = new Intl.DateTimeFormat('en-AU', {
      timeZone: config.timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(firstStart.busySlot));
    console.info(
      `  indoor car park      full on ${firstStart.fullDay} (waitlist); desk ${firstStart.slotCapacity} cars a quarter hour, ${firstStart.busySlotCars} at ${busy}`,
    );
    console.info(
      'Demo logins (password demo-pass-1): admin@example.com, sales@example.com, customer@example.com',
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('Seeding failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
