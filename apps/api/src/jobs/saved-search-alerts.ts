import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { SAVED_SEARCH_ALERT_LISTED, savedSearchPath } from '@si/contracts';
import { savedSearchAlertEmail } from '../adapters/email/saved-search-alert-email.ts';
import type { OutboxRepository } from '../adapters/email/outbox-repository.ts';
import type { EmailFooter } from '../adapters/email/templates.ts';
import type { Database } from '../db/client.ts';
import type { OrganizationService } from '../modules/organizations/service.ts';
import { nextAlertAt } from '../modules/saved-searches/alert-schedule.ts';
import type {
  DueSearch,
  PriorStateRow,
  SavedSearchRepository,
} from '../modules/saved-searches/repository.ts';
import { filtersOf, type SavedSearchService } from '../modules/saved-searches/service.ts';
import type { PeriodicJob } from './scheduler.ts';

/** Searches taken at a time; each is worked out, then the event loop is let go. */
const BATCH = 200;
/** A taken search is left to its process this long; if that one stops, another takes it then. */
const HOLD_MS = 10 * 60 * 1000;
/** Prior states a search being saved right now might still need are kept a day. */
const PRIOR_STATES_KEPT_MS = 24 * 60 * 60 * 1000;

export interface AlertRunResult {
  searchesChecked: number;
  emailsQueued: number;
}

const day = (date: Date) =>
  date.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
/**
 * Before each search, the job waits while the process serves requests, as the profile pages' walk
 * does (ADR 030), but no longer than this: visitors go first, and a process that is never idle
 * still sends its alerts, a search every fifth of a second or sooner.
 */
const MAX_WAIT_WHILE_BUSY_MS = 200;
const WAIT_STEP_MS = 5;

/**
 * The organizations changed after `watermark`, each with its state before its first change
 * since: `history` is in version order.
 */
function changedSince(history: PriorStateRow[], watermark: number) {
  let low = 0;
  let high = history.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (history[middle]!.version <= watermark) low = middle + 1;
    else high = middle;
  }
  const changed = new Map<string, PriorStateRow>();
  for (let i = low; i < history.length; i += 1) {
    const row = history[i]!;
    if (!changed.has(row.organizationId)) changed.set(row.organizationId, row);
  }
  return changed;
}

/**
 * Saved searches' alerts (ADR 034): each due search gets the organizations the directory lists
 * for it now and did not at its last alert, worked out by the directory's own index from the
 * prior states of what changed since; an email names at most 20 of them and links to the full
 * search; nothing new sends nothing. Either way the search moves on to its next period, in the
 * transaction that queues its email and only if it is still due as taken, so an alert goes out
 * once per period however many processes run the job, and again after none of them crashed.
 */
export function savedSearchAlertsJob(options: {
  db: Database;
  repository: SavedSearchRepository;
  organizations: Pick<
    OrganizationService,
    'directoryVersion' | 'newlyMatching' | 'publishedSummaries'
  >;
  savedSearches: Pick<SavedSearchService, 'unsubscribeQuery'>;
  outbox: OutboxRepository;
  publicUrl: string;
  emailFooter: EmailFooter;
  onEmailQueued: () => void;
  /** Requests in flight in this process. */
  busy(): boolean;
  logger: FastifyBaseLogger;
}): PeriodicJob & { runAt(now: Date, onlyTo?: string): Promise<AlertRunResult> } {
  const { db, repository, organizations, outbox, publicUrl } = options;
  const whenIdle = async () => {
    await sleep(0);
    for (let waited = 0; options.busy() && waited < MAX_WAIT_WHILE_BUSY_MS; waited += WAIT_STEP_MS)
      await sleep(WAIT_STEP_MS);
  };

  async function alertOf(search: DueSearch, version: number, history: PriorStateRow[], now: Date) {
    const changed = changedSince(history, search.watermark);
    if (changed.size === 0 || search.disabled) return null;
    const filters = filtersOf(search);
    const fresh = await organizations.newlyMatching(filters, changed, version);
    const listed = await organizations.publishedSummaries(
      fresh.slice(0, SAVED_SEARCH_ALERT_LISTED),
    );
    if (listed.length === 0) return null;
    return savedSearchAlertEmail({
      to: search.email,
      searchName: search.name,
      since: day(search.lastAlertAt ?? search.createdAt),
      newCount: Math.max(fresh.length, listed.length),
      listed: listed.map((organization) => ({
        name: organization.name,
        description: organization.description,
        url: `${publicUrl}/organizations/${organization.id}`,
      })),
      searchUrl: `${publicUrl}${savedSearchPath(filters)}`,
      unsubscribeUrl: `${publicUrl}/api/saved-searches/unsubscribe?${options.savedSearches.unsubscribeQuery(search.id, now)}`,
      ...options.emailFooter,
    });
  }

  /** `onlyTo`: the searches of that account only (an operator's command). */
  const runAt = async (now: Date, onlyTo?: string): Promise<AlertRunResult> => {
    const startedAt = new Date();
    const result: AlertRunResult = { searchesChecked: 0, emailsQueued: 0 };
    try {
      // Everything committed up to this version is judged in this run; later changes, next run.
      const version = await organizations.directoryVersion();
      for (;;) {
        const due = await repository.takeDue(now, BATCH, new Date(now.getTime() + HOLD_MS), onlyTo);
        if (due.length === 0) break;
        const oldest = Math.min(...due.map((search) => search.watermark));
        const history = oldest < version ? await repository.priorStates(oldest, version) : [];
        for (const search of due) {
          await whenIdle();
          const email = await alertOf(search, version, history, now);
          const queued = await db.transaction(async (tx) => {
            const claimed = await repository.complete(tx, search.id, search.nextAlertAt, {
              watermark: Math.max(version, search.watermark),
              nextAlertAt: nextAlertAt(search.nextAlertAt, search.frequency, now),
              lastAlertAt: now,
            });
            if (claimed && email) await outbox.enqueue(tx, search.userId, email);
            return claimed && email !== null;
          });
          result.searchesChecked += 1;
          if (queued) result.emailsQueued += 1;
        }
        if (due.length < BATCH) break;
      }
      await repository.prunePriorStates(new Date(now.getTime() - PRIOR_STATES_KEPT_MS));
      await repository.recordRun({ startedAt, finishedAt: new Date(), outcome: 'done', ...result });
    } catch (error) {
      await repository
        .recordRun({
          startedAt,
          finishedAt: new Date(),
          outcome: 'failed',
          ...result,
          error: error instanceof Error ? error.message : String(error),
        })
        .catch(() => {});
      throw error;
    }
    if (result.emailsQueued > 0) {
      options.onEmailQueued();
      options.logger.info(result, 'saved-search alerts queued');
    }
    return result;
  };
  return { name: 'saved-search-alerts', run: () => runAt(new Date()), runAt };
}
