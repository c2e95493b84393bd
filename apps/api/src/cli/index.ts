import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { seedBulkData } from '../db/seed/bulk.ts';
import { hasOrganizations, seedDemoData } from '../db/seed/demo.ts';
import { createStorage } from '../plugins/storage/index.ts';
import { paymentUsage, runPaymentCommand } from './payment-commands.ts';

/** Operator commands: `npm run cli -- <command> [options]`. */
const usage = `Usage: npm run cli -- <command>
  migrate                     apply migrations and sync reference data
  seed-demo [--force]         add the demo organizations (refuses a non-empty database without --force)
  seed-bulk --count N         add N synthetic published organizations
${paymentUsage}`;

const [command, ...rest] = process.argv.slice(2);
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const storage = createStorage(config);

try {
  // Never seed demo data implicitly here: the commands below say what they add.
  await prepareDatabase(database, { demoData: false, storage, log });
  switch (command) {
    case 'migrate':
      log.info('database is migrated and reference data is in step');
      break;
    case 'seed-demo': {
      const { values } = parseArgs({
        args: rest,
        options: { force: { type: 'boolean', default: false } },
      });
      if ((await hasOrganizations(database.db)) && !values.force) {
        throw new Error(
          'The database already has organizations; pass --force to add the demo ones anyway',
        );
      }
      log.info({ count: await seedDemoData(database.db, storage) }, 'demo organizations added');
      break;
    }
    case 'seed-bulk': {
      const { values } = parseArgs({ args: rest, options: { count: { type: 'string' } } });
      const count = Number(values.count);
      if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
        throw new Error('--count must be a whole number between 1 and 5,000,000');
      }
      const started = Date.now();
      await seedBulkData(database.db, count, (done) => {
        if (done % 20_000 === 0 || done === count) log.info({ done, of: count }, 'bulk seeding');
      });
      log.info({ count, seconds: (Date.now() - started) / 1000 }, 'bulk organizations added');
      break;
    }
    default:
      if (!(await runPaymentCommand(command ?? '', rest, { db: database.db, config, log }))) {
        console.error(usage);
        process.exitCode = 2;
      }
  }
} catch (error) {
  log.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
  await storage.close();
}
