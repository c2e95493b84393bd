import type { FastifyBaseLogger } from 'fastify';
import { SAVED_SEARCH_ALERT_LISTED, savedSearchPath } from '@si/contracts';
import { savedSearchAlertEmail } from '../../adapters/email/saved-search-alert-email.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import type { EmailFooter } from '../../adapters/email/templates.ts';
import type { Database } from '../../db/client.ts';
import type { OrganizationService } from '../organizations/service.ts';
import { nextAlertAt } from './alert-schedule.ts';
import type { DueSearch, PriorStateRow, SavedSearchRepository } from './repository.ts';
import { filtersOf, type SavedSearchService } from './service.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';
import { backgroundTurns } from '../../http/visitor-traffic.ts';

/** Searches taken at a time. */
const BATCH = 200;
/** Searches worked out in one step: their alerts are queued in one transaction of two statements. */
const STEP = 10;
/**
 * The share of its process the job takes while visitors are served without a pause: alerts can
 * wait minutes, a visitor cannot (the bench's cold mix beside 10,000 alerts, ADR 034).
 */
const SHARE_UNDER_LOAD = 0.02;
/** A taken search is left to its process this long; if that one stops, another takes it then. */
const HOLD_MS = 10 * 60 * 1000;
/** Prior states a search being saved right now might still need are kept a day. */
const PRIOR_STATES_KEPT_MS = 24 * 60 * 60 * 1000;

export interface AlertRunResult {
  searchesChecked: number;
  emailsQueued: number;
}

// One formatter for the run: toLocaleDateString builds one a call, a millisecond each.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (date: Date) => dayFormat.format(date);

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
  /** The process is serving visitors (VisitorTraffic): the job then takes a small share of it. */
  busy(): boolean;
  logger: FastifyBaseLogger;
}): PeriodicJob & { runAt(now: Date, onlyTo?: string): Promise<AlertRunResult> } {
  const { db, repository, organizations, outbox, publicUrl } = options;
  /** What is new for each search of a step, and the list items of all of them, in one read. */
  async function freshOf(searches: DueSearch[], version: number, history: PriorStateRow[]) {
    const fresh = new Map<string, string[]>();
    for (const search of searches) {
      const changed = changedSince(history, search.watermark);
      if (changed.size === 0 || search.disabled) continue;
      fresh.set(search.id, await organizations.newlyMatching(filtersOf(search), changed, version));
    }
    const listedIds = new Set(
      [...fresh.values()].flatMap((ids) => ids.slice(0, SAVED_SEARCH_ALERT_LISTED)),
    );
    const summaries = new Map(
      (await organizations.publishedSummaries([...listedIds])).map((item) => [item.id, item]),
    );
    return { fresh, summaries };
  }

  function alertOf(
    search: DueSearch,
    fresh: string[],
    summaries: Map<string, { id: string; name: string; description: string }>,
    now: Date,
  ) {
    const filters = filtersOf(search);
    const listed = fresh
      .slice(0, SAVED_SEARCH_ALERT_LISTED)
      .flatMap((id) => summaries.get(id) ?? []);
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
    const turn = backgroundTurns(options, SHARE_UNDER_LOAD);
    try {
      // Everything committed up to this version is judged in this run; later changes, next run.
      const version = await organizations.directoryVersion();
      let read: { after: number; history: PriorStateRow[] } | null = null;
      for (;;) {
        const due = await repository.takeDue(now, BATCH, new Date(now.getTime() + HOLD_MS), onlyTo);
        if (due.length === 0) break;
        const oldest = Math.min(...due.map((search) => search.watermark));
        // Read once a run, and again only for a batch with a search older than any before it:
        // the changes after a watermark are a tail of the changes after any earlier one.
        if (!read || oldest < read.after) {
          read = {
            after: oldest,
            history: oldest < version ? await repository.priorStates(oldest, version) : [],
          };
        }
        const { history } = read;
        for (let first = 0; first < due.length; first += STEP) {
          await turn();
          const step = due.slice(first, first + STEP);
          const { fresh, summaries } = await freshOf(step, version, history);
          const emails = new Map(
            step.flatMap((search) => {
              const email = alertOf(search, fresh.get(search.id) ?? [], summaries, now);
              return email ? [[search.id, email] as const] : [];
            }),
          );
          const queued = await db.transaction(async (tx) => {
            const claimed = await repository.completeMany(
              tx,
              step.map((search) => ({
                id: search.id,
                dueAt: search.nextAlertAt,
                next: {
                  watermark: Math.max(version, search.watermark),
                  nextAlertAt: nextAlertAt(search.nextAlertAt, search.frequency, now),
                  lastAlertAt: now,
                },
              })),
            );
            const sent = step.filter((search) => claimed.has(search.id) && emails.has(search.id));
            await outbox.enqueueMany(
              tx,
              sent.map((search) => ({
                owner: { userId: search.userId },
                message: emails.get(search.id)!,
              })),
            );
            return sent.length;
          });
          result.searchesChecked += step.length;
          result.emailsQueued += queued;
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
