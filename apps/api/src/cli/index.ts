import pino from 'pino';
import { ConfigError, loadConfig, loadEnvFile, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { createStorage } from '../adapters/storage/index.ts';
import { resolveBackupFile, runRestore } from './backup-commands.ts';
import { runCommand } from './commands.ts';
import { resolveExportFile } from './export-commands.ts';
import { EXIT_IN_USE, runThroughHolder } from './through-holder.ts';

/**
 * Operator commands: `npm run cli -- <command> [options]`. With the embedded database the
 * command opens DATA_DIR itself, or, while the server holds it, runs inside the server.
 */
const argv = resolveExportFile(resolveBackupFile(process.argv.slice(2)));
const config = configOrExit();
const log = pino({ level: config.LOG_LEVEL });
const output = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};

process.exitCode = await main();

async function main(): Promise<number> {
  // Restore opens its target itself, and only an empty one: never through a running server.
  if (argv[0] === 'restore') return runRestore(argv.slice(1), { config, log, output });
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      role: argv[0] ?? 'cli',
    });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    if (error.holder?.acceptsCommands) return runThroughHolder(config.DATA_DIR, argv, output);
    output.err(error.message);
    return EXIT_IN_USE;
  }
  const storage = createStorage(config);
  try {
    return await runCommand(argv, { database, storage, config, log, output });
  } finally {
    await database.close();
    await storage.close();
  }
}

/** The settings, or exit 1 with a line naming each bad one (no stack trace: nothing failed). */
function configOrExit(): Config {
  try {
    loadEnvFile();
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
