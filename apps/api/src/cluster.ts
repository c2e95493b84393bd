import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { alertCodes } from './metrics/alert-codes.ts';

/**
 * The node:cluster primary of WEB_CONCURRENCY > 1: it forks the workers that serve on the shared
 * port, replaces one that dies, and on SIGTERM or SIGINT passes the signal on to every worker,
 * which drains (SIGTERM) and finishes its in-flight requests, before it exits. It serves nothing itself and holds no state a worker needs.
 */

/** The refusal when several processes are asked of the embedded database; null when fine. */
export function severalProcessesRefusal(config: {
  WEB_CONCURRENCY: number;
  DATABASE_URL?: string | undefined;
}): string | null {
  if (config.WEB_CONCURRENCY === 1 || config.DATABASE_URL) return null;
  return (
    `WEB_CONCURRENCY=${config.WEB_CONCURRENCY} needs PostgreSQL: the embedded database serves ` +
    'one process only. Set DATABASE_URL=postgres://..., or unset WEB_CONCURRENCY.'
  );
}

/** A worker that dies sooner than this after it was started has crashed at start. */
export const STABLE_AFTER_MS = 30_000;
/** Crashes at start in a row, in one worker's place, after which the primary gives up. */
export const MAX_QUICK_CRASHES = 5;
const FIRST_RESTART_DELAY_MS = 250;

/**
 * What follows a worker's death: the count of crashes at start in a row in its place, and
 * either a restart after a delay (250 ms, doubling) or giving up. A worker that ran for
 * STABLE_AFTER_MS starts the count again.
 */
export function afterWorkerDeath(
  quickCrashesBefore: number,
  livedMs: number,
): { quickCrashes: number; restartInMs: number | null } {
  const quickCrashes = livedMs < STABLE_AFTER_MS ? quickCrashesBefore + 1 : 1;
  if (quickCrashes > MAX_QUICK_CRASHES) return { quickCrashes, restartInMs: null };
  return { quickCrashes, restartInMs: FIRST_RESTART_DELAY_MS * 2 ** (quickCrashes - 1) };
}

interface Place {
  worker: Worker | null;
  startedAt: number;
  quickCrashes: number;
  restartTimer: NodeJS.Timeout | null;
}

export interface SuperviseOptions {
  workers: number;
  /** How long a worker keeps serving after SIGTERM, /readyz at 503 (ADR 036). */
  shutdownDrainMs: number;
  /** How long a worker may take to finish its requests after SIGTERM (it exits 1 after that). */
  shutdownTimeoutMs: number;
  log: Logger;
}

/** Forks the workers (the primary re-runs this process's entry point) and looks after them. */
export function superviseWorkers({
  workers,
  shutdownDrainMs,
  shutdownTimeoutMs,
  log,
}: SuperviseOptions): void {
  const places: Place[] = [];
  let stopping = false;
  let exitCode = 0;

  function start(place: Place) {
    place.restartTimer = null;
    place.startedAt = Date.now();
    place.worker = cluster.fork();
    log.info(
      { worker: place.worker.id, workerPid: place.worker.process.pid },
      'cluster primary: worker started',
    );
  }

  /** The signal each worker gets: SIGTERM drains first, SIGINT and a second signal do not. */
  function signalWorkers(signal: NodeJS.Signals) {
    // A signal rather than worker.kill(): that one cuts the worker's channel first, and a
    // worker whose channel closes exits at once, dropping its requests.
    for (const place of places) place.worker?.process.kill(signal);
  }

  function stop(reason: string, code: number, signal: NodeJS.Signals = 'SIGTERM') {
    if (stopping) {
      // A second signal cuts the workers' drain short, as it does a single process's.
      if (reason === 'SIGTERM' || reason === 'SIGINT') signalWorkers(signal);
      return;
    }
    stopping = true;
    exitCode = code;
    log.info({ reason }, 'cluster primary: stopping the workers after their in-flight requests');
    for (const place of places) {
      if (place.restartTimer) clearTimeout(place.restartTimer);
      place.restartTimer = null;
    }
    signalWorkers(signal);
    // Each worker ends itself once its drain and shutdownTimeoutMs have passed; this is for one
    // that hangs.
    const timer = setTimeout(
      () => {
        const left = places.flatMap((place) => (place.worker ? [place.worker] : []));
        log.error(
          { workerPids: left.map((worker) => worker.process.pid), code: alertCodes.shutdownFailed },
          'cluster primary: workers did not stop in time; killing them',
        );
        for (const worker of left) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      (signal === 'SIGTERM' ? shutdownDrainMs : 0) + shutdownTimeoutMs + 5_000,
    );
    timer.unref();
    exitWhenAllGone();
  }

  function exitWhenAllGone() {
    if (stopping && places.every((place) => place.worker === null)) {
      log.info({ exitCode }, 'cluster primary: every worker has stopped');
      process.exit(exitCode);
    }
  }

  cluster.on('exit', (worker, code, signal) => {
    const place = places.find((candidate) => candidate.worker === worker);
    if (!place) return;
    place.worker = null;
    const details = { worker: worker.id, workerPid: worker.process.pid, code, signal };
    if (stopping) {
      if (code !== 0) exitCode = 1;
      log.info(details, 'cluster primary: worker stopped');
      exitWhenAllGone();
      return;
    }
    const livedMs = Date.now() - place.startedAt;
    const next = afterWorkerDeath(place.quickCrashes, livedMs);
    place.quickCrashes = next.quickCrashes;
    if (next.restartInMs === null) {
      log.fatal(
        { ...details, crashes: next.quickCrashes, code: alertCodes.workerDied },
        `cluster primary: workers keep dying within ${STABLE_AFTER_MS / 1000} s of starting ` +
          `(${next.quickCrashes} times in a row); giving up, see the workers' errors above`,
      );
      stop('workers crash at start', 1);
      return;
    }
    log.error(
      { ...details, livedMs, restartInMs: next.restartInMs, code: alertCodes.workerDied },
      'cluster primary: worker died unexpectedly; starting another',
    );
    place.restartTimer = setTimeout(() => start(place), next.restartInMs);
  });

  process.on('SIGTERM', () => stop('SIGTERM', 0, 'SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT', 0, 'SIGINT'));

  log.info({ workers }, 'cluster primary: starting the workers');
  for (let index = 0; index < workers; index += 1) {
    const place: Place = { worker: null, startedAt: 0, quickCrashes: 0, restartTimer: null };
    places.push(place);
    start(place);
  }
}
