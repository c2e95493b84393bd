import { parseArgs } from 'node:util';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { CommandOutput } from '../db/data-dir-lock.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { seedBulkData } from '../db/seed/bulk.ts';
import { seedBulkSavedSearches } from '../db/seed/bulk-saved-searches.ts';
import { hasOrganizations, seedDemoData } from '../db/seed/demo.ts';
import type { StorageBackend } from '../adapters/storage/storage.ts';
import { backupUsage, runBackup } from './backup-commands.ts';
import { emailUsage, runEmailCommand } from './email-commands.ts';
import { exportUsage, runExportCommand } from './export-commands.ts';
import { newsletterUsage, runNewsletterCommand } from './newsletter-commands.ts';
import { operatorUsage, runOperatorCommand } from './operator-commands.ts';
import { paymentUsage, runPaymentCommand } from './payment-commands.ts';
import { runSavedSearchCommand, savedSearchUsage } from './saved-search-commands.ts';
import type { AlertRunResult } from '../modules/saved-searches/alerts-job.ts';

export const usage = `Usage: npm run cli -- <command>
  migrate                     apply migrations and sync reference data
  seed-demo [--force]         add the demo organizations (refuses a non-empty database without --force)
  seed-bulk --count N         add N synthetic published organizations, about 3N open roles
  seed-saved-searches --count N [--due-in S] [--new M]
                              add N synthetic saved searches due in S seconds (0), then publish
                              M (500) more organizations for their alerts to find (the benchmark)
${backupUsage}
${emailUsage}
${paymentUsage}
${operatorUsage}
${exportUsage}
${savedSearchUsage}
${newsletterUsage}`;

export interface CommandContext {
  database: DatabaseHandle;
  storage: Pick<StorageBackend, 'put' | 'remove'>;
  config: Config;
  log: Logger;
  output: CommandOutput;
  /** Wakes the email relay: given when the command runs inside the server. */
  emailQueued?: () => void;
  /** The server's saved-search alert job: given when the command runs inside the server. */
  sendSavedSearchAlerts?: (now: Date, onlyTo?: string) => Promise<AlertRunResult>;
}

/**
 * Runs one operator command, in the CLI's own process or, when the server holds the embedded
 * database, in the server's (db/data-dir-lock.ts). Resolves to the exit code.
 */
export async function runCommand(argv: string[], context: CommandContext): Promise<number> {
  const { database, storage, config, log, output } = context;
  const [command, ...rest] = argv;
  try {
    // Never seed demo data implicitly here: the commands below say what they add.
    await prepareDatabase(database, { demoData: false, storage, log });
    switch (command) {
      case 'migrate':
        log.info('database is migrated and reference data is in step');
        return 0;
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
        return 0;
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
        return 0;
      }
      case 'seed-saved-searches': {
        const { values } = parseArgs({
          args: rest,
          options: {
            count: { type: 'string' },
            'due-in': { type: 'string', default: '0' },
            new: { type: 'string', default: '500' },
          },
        });
        const count = Number(values.count);
        const dueIn = Number(values['due-in']);
        const fresh = Number(values.new);
        if (
          ![count, dueIn, fresh].every((n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000) ||
          count < 1
        ) {
          throw new Error('--count, --due-in and --new take whole numbers (--count at least 1)');
        }
        await seedBulkSavedSearches(database.db, count, {
          dueAt: new Date(Date.now() + dueIn * 1000),
          newOrganizations: fresh,
        });
        log.info({ count, newOrganizations: fresh }, 'saved searches added');
        return 0;
      }
      case 'backup':
        return await runBackup(rest, { database, config, output });
      case 'restore':
        // The CLI restores by itself (cli/index.ts); here a server holds the folder.
        output.err('restore writes only into an empty DATA_DIR, and this one is in use');
        return 1;
      default: {
        const known =
          (await runEmailCommand(command ?? '', rest, {
            db: database.db,
            print: output.out,
            emailQueued: context.emailQueued,
          })) ||
          (await runOperatorCommand(command ?? '', rest, { db: database.db, print: output.out })) ||
          (await runExportCommand(command ?? '', rest, { db: database.db, output })) ||
          (await runNewsletterCommand(command ?? '', rest, {
            db: database.db,
            config,
            emailQueued: context.emailQueued,
            print: output.out,
          })) ||
          (await runSavedSearchCommand(command ?? '', rest, {
            db: database.db,
            sendAlerts: context.sendSavedSearchAlerts,
            print: output.out,
          })) ||
          (await runPaymentCommand(command ?? '', rest, {
            db: database.db,
            config,
            log,
            print: output.out,
          }));
        if (known) return 0;
        output.err(usage);
        return 2;
      }
    }
  } catch (error) {
    log.error(error instanceof Error ? error.message : error);
    return 1;
  }
}
