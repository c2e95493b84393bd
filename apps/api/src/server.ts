import cluster from 'node:cluster';
import os from 'node:os';
import pino from 'pino';
import { buildApp } from './app.ts';
import { runCommand } from './cli/commands.ts';
import { severalProcessesRefusal, superviseWorkers } from './cluster.ts';
import { ConfigError, loadConfig, loadEnvFile, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { prepareDatabase } from './db/prepare.ts';
import { resolveAuthSecret } from './identity/secret.ts';
import { createStorage } from './adapters/storage/index.ts';
import { stripePriceProblems } from './modules/payments/providers/index.ts';
import { alertCodes } from './metrics/alert-codes.ts';

/**
 * One process by default. With WEB_CONCURRENCY=N (PostgreSQL only) this file runs as the
 * node:cluster primary, which prepares the database once and forks N workers, and again in each
 * worker, which serves on the shared port without preparing anything.
 */
const config = await startingConfig();

if (config.WEB_CONCURRENCY === 1) {
  await serve(config, { prepare: true });
} else {
  const refusal = severalProcessesRefusal(config);
  if (refusal) {
    process.stderr.write(`${refusal}\n`);
    process.exit(1);
  }
  if (cluster.isPrimary) await runPrimary(config);
  else await serve(config, { prepare: false });
}

/**
 * Opens the database, builds the app and listens. On SIGTERM it drains first (SHUTDOWN_DRAIN_MS:
 * /readyz answers 503 while it serves on, ADR 036); then, as on SIGINT, it stops listening,
 * finishes the in-flight requests (within SHUTDOWN_TIMEOUT_MS) and exits. `prepare`: migrations, reference data and
 * demo data first (a single process; in a cluster the primary has done it).
 */
async function serve(config: Config, { prepare }: { prepare: boolean }) {
  const worker = cluster.worker;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  }).catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
  const app = await buildApp({
    config,
    database,
    // A worker's every log line names it (pid and hostname are pino's own defaults).
    logger: worker
      ? {
          level: config.LOG_LEVEL,
          base: { pid: process.pid, hostname: os.hostname(), worker: worker.id },
        }
      : undefined,
  });
  if (prepare) {
    await prepareDatabase(database, {
      demoData: config.DEMO_DATA,
      storage: app.storage,
      log: app.log,
    });
  }

  let listening = false;
  let phase: 'serving' | 'draining' | 'closing' = 'serving';
  let endDrain = () => {};
  async function shutdown(signal: NodeJS.Signals) {
    if (phase === 'draining') {
      app.log.info({ signal }, 'shutting down: a second signal ends the drain');
      endDrain();
      return;
    }
    if (phase === 'closing') return;
    phase = 'draining';
    app.shutdownDrain.begin();
    // SIGTERM is a service manager's (systemd, Docker, Kubernetes) and a load balancer may still
    // send requests: drain. SIGINT is Ctrl-C at a terminal: nobody waits behind a balancer.
    const drainMs = signal === 'SIGTERM' && listening ? config.SHUTDOWN_DRAIN_MS : 0;
    if (drainMs > 0) {
      app.log.info(
        { signal, drainMs },
        `shutting down: /readyz answers 503; serving ${drainMs} ms more (SHUTDOWN_DRAIN_MS) before closing`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    phase = 'closing';
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error(
        { code: alertCodes.shutdownFailed },
        'in-flight requests did not finish in time; exiting',
      );
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.shutdownDrain.closeConnections();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error, code: alertCodes.shutdownFailed }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The directory index is built before the server takes requests, not by its first visitor:
  // at a million organizations it takes a while, and a load balancer waits for /readyz.
  await app.prepareDirectory();
  // Likewise the share cards' fonts and shared layers: the first cards asked for are not slower.
  await app.prepareShareCards();
  await app.listen({ port: config.PORT, host: config.HOST }).catch(async (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
    // An operator's mistake, not a crash: one line, and the database folder is let go.
    process.stderr.write(
      `PORT ${config.PORT} on ${config.HOST} ${code === 'EADDRINUSE' ? 'is in use by another process' : 'is not open to this user'} (${code}): stop that process or set another PORT.\n`,
    );
    await app.close();
    await database.close();
    process.exit(1);
  });
  listening = true;
  // The embedded database is this process's alone: the CLI's commands run here, with its log.
  database.acceptCommands?.((argv, output) =>
    runCommand(argv, {
      database,
      storage: app.storage,
      config,
      log: pino({ level: config.LOG_LEVEL }, { write: (line) => output.out(line.trimEnd()) }),
      output,
      emailQueued: () => app.emailRelay.nudge(),
      sendSavedSearchAlerts: app.jobs.sendSavedSearchAlerts,
    }),
  );
  app.log.info(
    worker
      ? `Scaling Impact worker ${worker.id} (pid ${process.pid}) is serving ${config.publicUrl} (database: ${database.kind})`
      : `Scaling Impact is serving ${config.publicUrl} (database: ${database.kind})`,
  );
}

/**
 * Prepares the database once, for every worker (migrations are locked anyway, but reference data
 * and the rest need not run N times), makes sure the auth-secret file exists before the workers
 * read it, then forks and looks after the workers.
 */
async function runPrimary(config: Config) {
  // Written at once: the primary ends with process.exit, which would cut a buffered line.
  const log = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: 1, sync: true }));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const storage = createStorage(config);
  try {
    await prepareDatabase(database, { demoData: config.DEMO_DATA, storage, log });
  } finally {
    await database.close();
    await storage.close();
  }
  // Without AUTH_SECRET each worker reads DATA_DIR/auth-secret: written here, not by two workers
  // at once with different secrets.
  await resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR);
  superviseWorkers({
    workers: config.WEB_CONCURRENCY,
    shutdownDrainMs: config.SHUTDOWN_DRAIN_MS,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    log,
  });
}

/**
 * The settings, or the process ends (exit 1) with a line naming each bad one, before anything
 * is opened. In production the configured Stripe prices are checked with Stripe too, once: by
 * the single process or the primary, not by every worker.
 */
async function startingConfig(): Promise<Config> {
  const refuse = (message: string): never => {
    process.stderr.write(`${message}\n`);
    process.exit(1);
  };
  let config: Config;
  try {
    loadEnvFile();
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return refuse(error.message);
  }
  if (config.NODE_ENV === 'production' && cluster.isPrimary) {
    const problems = await stripePriceProblems(config);
    if (problems.length > 0) refuse(new ConfigError(problems).message);
  }
  return config;
}
