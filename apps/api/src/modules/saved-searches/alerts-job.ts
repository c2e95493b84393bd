import type { FastifyBaseLogger } from 'fastify';
import { SAVED_SEARCH_ALERT_LISTED, type RoleListItem } from '@si/contracts';
import type { EmailMessage } from '../../adapters/email/message.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import type { EmailFooter } from '../../adapters/email/templates.ts';
import type { Database } from '../../db/client.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { ReferenceService } from '../reference/service.ts';
import type { RoleListing } from '../roles/role-list/role-listing.ts';
import { nextAlertAt } from './alert-schedule.ts';
import type {
  DueSearch,
  PriorStateRow,
  RoleOpeningRow,
  SavedSearchRepository,
} from './repository.ts';
import { alertEmails } from './alert-emails.ts';
import { postedSince } from './role-alerts.ts';
import { filtersOf, roleFiltersOf, type SavedSearchService } from './service.ts';
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

/** What a run reads once (again only for an older watermark): the changes after `after`. */
interface History {
  after: number;
  priorStates: PriorStateRow[];
  openings: RoleOpeningRow[];
}

/**
 * Saved searches' alerts (ADR 034): each due search gets the organizations the directory lists
 * for it now and did not at its last alert, worked out by the directory's own index from the
 * prior states of what changed since; an email names at most 20 of them and links to the full
 * search; nothing new sends nothing. Either way the search moves on to its next period, in the
 * transaction that queues its email and only if it is still due as taken, so an alert goes out
 * once per period however many processes run the job, and again after none of them crashed.
 * A search that follows roles (ADR 046) gets the roles posted since, open now and listed for its
 * filters by the list of open roles' own index, newest first; the rest is the same.
 */
export function savedSearchAlertsJob(options: {
  db: Database;
  repository: SavedSearchRepository;
  organizations: Pick<
    OrganizationService,
    'directoryVersion' | 'newlyMatching' | 'publishedSummaries'
  >;
  roles: Pick<RoleListing, 'newlyOpened'>;
  reference: Pick<ReferenceService, 'snapshot'>;
  savedSearches: Pick<SavedSearchService, 'unsubscribeQuery'>;
  outbox: OutboxRepository;
  publicUrl: string;
  emailFooter: EmailFooter;
  onEmailQueued: () => void;
  /** The process is serving visitors (VisitorTraffic): the job then takes a small share of it. */
  busy(): boolean;
  logger: FastifyBaseLogger;
}): PeriodicJob & { runAt(now: Date, onlyTo?: string): Promise<AlertRunResult> } {
  const { db, repository, organizations, roles, outbox } = options;
  /** What is new for each search of a step, and the list items of all of them, in one read. */
  async function freshOf(searches: DueSearch[], version: number, history: History) {
    const fresh = new Map<string, string[]>();
    const freshRoles = new Map<string, RoleListItem[]>();
    for (const search of searches) {
      if (search.disabled) continue;
      if (search.follows === 'roles') {
        const posted = postedSince(history.openings, search.watermark);
        freshRoles.set(search.id, await roles.newlyOpened(roleFiltersOf(search), posted, version));
        continue;
      }
      const changed = changedSince(history.priorStates, search.watermark);
      if (changed.size === 0) continue;
      fresh.set(search.id, await organizations.newlyMatching(filtersOf(search), changed, version));
    }
    const listedIds = new Set(
      [...fresh.values()].flatMap((ids) => ids.slice(0, SAVED_SEARCH_ALERT_LISTED)),
    );
    const summaries = new Map(
      (await organizations.publishedSummaries([...listedIds])).map((item) => [item.id, item]),
    );
    return { fresh, freshRoles, summaries };
  }

  const emailsOf = alertEmails(options);

  /** `onlyTo`: the searches of that account only (an operator's command). */
  const runAt = async (now: Date, onlyTo?: string): Promise<AlertRunResult> => {
    const startedAt = new Date();
    const result: AlertRunResult = { searchesChecked: 0, emailsQueued: 0 };
    const turn = backgroundTurns(options, SHARE_UNDER_LOAD);
    try {
      // Everything committed up to this version is judged in this run; later changes, next run.
      const version = await organizations.directoryVersion();
      let read: History | null = null;
      for (;;) {
        const due = await repository.takeDue(now, BATCH, new Date(now.getTime() + HOLD_MS), onlyTo);
        if (due.length === 0) break;
        const oldest = Math.min(...due.map((search) => search.watermark));
        // Read once a run, and again only for a batch with a search older than any before it:
        // the changes after a watermark are a tail of the changes after any earlier one.
        if (!read || oldest < read.after) {
          const behind = oldest < version;
          read = {
            after: oldest,
            priorStates: behind ? await repository.priorStates(oldest, version) : [],
            openings: behind ? await repository.openingsBetween(oldest, version) : [],
          };
        }
        const history = read;
        for (let first = 0; first < due.length; first += STEP) {
          await turn();
          const step = due.slice(first, first + STEP);
          const { fresh, freshRoles, summaries } = await freshOf(step, version, history);
          const emails = new Map<string, EmailMessage>();
          for (const search of step) {
            const email =
              search.follows === 'roles'
                ? await emailsOf.roles(search, freshRoles.get(search.id) ?? [], now)
                : emailsOf.organizations(search, fresh.get(search.id) ?? [], summaries, now);
            if (email) emails.set(search.id, email);
          }
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
