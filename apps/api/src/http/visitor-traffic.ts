import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long after its last answer a process still counts as serving visitors. A crawler or a
 * load generator keeps a few connections busy, and between one answer and the next request the
 * process is idle for a fraction of a millisecond: background work that only asked "is a request
 * in flight now?" got in at each such moment and took a third of the process (ADR 034's bench).
 */
const QUIET_MS = 20;
/** How often a waiting background step looks again. */
const POLL_MS = 5;

/** The requests of this process, as its background work sees them. */
export interface VisitorTraffic {
  /** A request arrived. */
  started(): void;
  /** A request was answered or abandoned. */
  finished(): void;
  /** A request is in flight, or one finished less than QUIET_MS ago. */
  busy(): boolean;
}

export function visitorTraffic(): VisitorTraffic {
  let inFlight = 0;
  let lastFinishedAt = -Infinity;
  return {
    started() {
      inFlight += 1;
    },
    finished() {
      inFlight -= 1;
      lastFinishedAt = performance.now();
    },
    busy: () => inFlight > 0 || performance.now() - lastFinishedAt < QUIET_MS,
  };
}

/** Resolves once the process has no visitor to serve. */
export async function untilQuiet(traffic: Pick<VisitorTraffic, 'busy'>): Promise<void> {
  while (traffic.busy()) await sleep(POLL_MS);
}

/**
 * Turns for background work that must end even under unbroken load (alerts that are due): the
 * work calls the returned function before each step. While visitors are served, a turn waits
 * for a quiet moment, but no longer than the step before it took times (1 - share) / share: under
 * load that never lets up the work takes at most `share` of the process, and still ends. In a
 * quiet process every turn is immediate.
 */
export function backgroundTurns(
  traffic: Pick<VisitorTraffic, 'busy'>,
  share: number,
): () => Promise<void> {
  let stepStartedAt: number | null = null;
  return async () => {
    const stepMs = stepStartedAt === null ? 0 : performance.now() - stepStartedAt;
    // Lets the answers and requests the step held back go first, busy or not.
    await sleep(0);
    const until = performance.now() + Math.max(POLL_MS, (stepMs * (1 - share)) / share);
    while (traffic.busy() && performance.now() < until) await sleep(POLL_MS);
    stepStartedAt = performance.now();
  };
}
