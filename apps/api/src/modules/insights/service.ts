import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import {
  apiMessages,
  OrganizationId,
  roleCan,
  type InsightAudience,
  type InsightMetric,
  type Insights,
  type RoleInsight,
  type RoleMetric,
} from '@si/contracts';
import { clientKey } from '../../adapters/rate-limit/client-key.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import { DAY_MS, dayOf } from './days.ts';
import { addTo, csvOf, dailySeries, zeroCounts } from './insight-series.ts';
import type { InsightsRepository } from './repository.ts';
import type { RoleCountsRepository } from './role-counts-repository.ts';
import type { Tally } from './tally.ts';
import type { UnsubscribeTokens } from '../../adapters/email/unsubscribe-tokens.ts';

/** What counting needs of a request: nothing of it is kept. */
export interface CountedRequest {
  ip: string;
  headers: { 'user-agent'?: string; cookie?: string; authorization?: string };
}

export interface InsightsServiceOptions {
  repository: InsightsRepository;
  tally: Tally;
  /** Role pages' views and Apply clicks, counted apart from the profile's. */
  roleTally: Tally<RoleMetric>;
  roleCounts: Pick<RoleCountsRepository, 'totals'>;
  /** The signed-in user of a request's headers, or null. */
  userOf(headers: CountedRequest['headers']): Promise<string | null>;
  /** Whether a user is an operator now (operators read every organization's insights). */
  isOperator(userId: string): Promise<boolean>;
  /** The monthly email's one-click unsubscribe tokens. */
  tokens: UnsubscribeTokens;
  /** Logs a count that could not be attributed (a session store failure): never the request's. */
  onCountError(error: unknown): void;
  now?: () => Date;
}

/** A session cookie (better-auth's, prefixed 'si') or a bearer token: maybe an owner. */
const SIGNED_IN = /(?:^|;\s*)(?:__Secure-)?si\.session_token=/;

/** Known bots and link previewers, by a maintained list (isbot), and clients that send no agent. */
export const isBotAgent = (userAgent: string | undefined) => !userAgent || isbot(userAgent);

export function createInsightsService(options: InsightsServiceOptions) {
  const { repository, tally } = options;
  const now = options.now ?? (() => new Date());
  /** A signed-in visitor's own organizations, for a minute: their visits are not counted. */
  const ownedBySession = new LRUCache<string, Promise<ReadonlySet<string>>>({
    max: 10_000,
    ttl: 60_000,
  });

  function ownedByVisitor(request: CountedRequest): Promise<ReadonlySet<string>> {
    const credentials = `${request.headers.cookie ?? ''}\n${request.headers.authorization ?? ''}`;
    let owned = ownedBySession.get(credentials);
    if (!owned) {
      owned = options
        .userOf(request.headers)
        .then(
          async (userId) => new Set(userId ? await repository.memberOrganizations(userId) : []),
        );
      ownedBySession.set(credentials, owned);
      owned.catch(() => ownedBySession.delete(credentials));
    }
    return owned;
  }

  /**
   * Hands `add` the organizations of the request's visitor's meeting that count: all of them for
   * a visitor who is not signed in, at once; for a signed-in one, those that are not theirs,
   * once their session is read, after the answer is on its way. Never throws.
   */
  function counted(
    request: CountedRequest,
    organizationIds: readonly string[],
    add: (client: string, ids: readonly string[], audience: InsightAudience) => void,
  ) {
    if (organizationIds.length === 0) return;
    const audience = isBotAgent(request.headers['user-agent']) ? 'bots' : 'people';
    const client = clientKey(request.ip);
    const signedIn =
      request.headers.authorization?.startsWith('Bearer ') ||
      (request.headers.cookie !== undefined && SIGNED_IN.test(request.headers.cookie));
    if (!signedIn) {
      add(client, organizationIds, audience);
      return;
    }
    ownedByVisitor(request).then(
      (owned) =>
        add(
          client,
          organizationIds.filter((id) => !owned.has(id)),
          audience,
        ),
      options.onCountError,
    );
  }

  /** Counts that the request's visitor met these published organizations. */
  function count(
    request: CountedRequest,
    organizationIds: readonly string[],
    metric: InsightMetric,
  ) {
    counted(request, organizationIds, (client, ids, audience) =>
      tally.add(client, ids, metric, audience),
    );
  }

  /** Counts a view of an open role's page, or a click on its Apply link (not its owner's). */
  function countRole(
    request: CountedRequest,
    organizationId: string,
    roleId: string,
    metric: RoleMetric,
  ) {
    counted(request, [organizationId], (client, ids, audience) => {
      if (ids.length > 0) options.roleTally.add(client, [roleId], metric, audience);
    });
  }

  /**
   * A member whose role reads insights (ADR 047), or an operator; anyone else is told it does
   * not exist (404).
   */
  async function authorize(session: AuthSession | null, organizationId: string) {
    const refused = () => notFound(apiMessages.organizationNotFound(organizationId));
    if (!session || !OrganizationId.safeParse(organizationId).success) throw refused();
    const organization = await repository.memberOf(organizationId, session.user.id);
    if (!organization) throw refused();
    if (roleCan(organization.role, 'insights')) return;
    if (await options.isOperator(session.user.id)) return;
    throw refused();
  }

  /** The last `days` days, today (UTC) the last of them. */
  function period(days: number) {
    const to = new Date(`${dayOf(now())}T00:00:00Z`);
    return { from: new Date(to.getTime() - (days - 1) * DAY_MS), to };
  }

  return {
    count,
    countRole,

    /** Each role's views and apply clicks since it was posted, people only (owner, operators). */
    async readRoles(session: AuthSession | null, organizationId: string): Promise<RoleInsight[]> {
      await authorize(session, organizationId);
      const byRole = new Map<string, RoleInsight>();
      for (const row of await options.roleCounts.totals(organizationId)) {
        const entry = byRole.get(row.roleId) ?? { roleId: row.roleId, views: 0, applyClicks: 0 };
        if (row.metric === 'views') entry.views += row.count;
        else if (row.metric === 'applies') entry.applyClicks += row.count;
        byRole.set(row.roleId, entry);
      }
      return [...byRole.values()];
    },

    /** The last `days` days (today included) of one organization, and the period before. */
    async read(
      session: AuthSession | null,
      organizationId: string,
      days: number,
    ): Promise<Insights> {
      await authorize(session, organizationId);
      const { from, to: today } = period(days);
      const previousFrom = new Date(from.getTime() - days * DAY_MS);
      const [rows, monthlyEmail] = await Promise.all([
        repository.daily(organizationId, dayOf(previousFrom), dayOf(today)),
        repository.monthlyEmailOn(organizationId),
      ]);
      const totals = zeroCounts();
      const previous = zeroCounts();
      const bots = zeroCounts();
      const firstDay = dayOf(from);
      for (const row of rows) {
        if (row.day < firstDay) {
          if (row.audience === 'people') addTo(previous, row.metric, row.count);
        } else addTo(row.audience === 'people' ? totals : bots, row.metric, row.count);
      }
      return {
        organizationId,
        days,
        from: firstDay,
        to: dayOf(today),
        daily: dailySeries(rows, from, days),
        totals,
        previous,
        bots,
        monthlyEmail,
      };
    },

    /**
     * The last `days` days as CSV: a row per day for people, and one for bots on the days they
     * came, each metric a column.
     */
    async csv(session: AuthSession | null, organizationId: string, days: number): Promise<string> {
      await authorize(session, organizationId);
      const { from, to } = period(days);
      const rows = await repository.daily(organizationId, dayOf(from), dayOf(to));
      return csvOf(rows, from, days);
    },

    /**
     * The monthly email's one-click unsubscribe (the link, or a mail client's RFC 8058 POST):
     * false for a token that is not this organization's, and nothing changes then.
     */
    async unsubscribe(organizationId: string, token: string): Promise<boolean> {
      if (!OrganizationId.safeParse(organizationId).success) return false;
      if (!options.tokens.matches(organizationId, token)) return false;
      if (!(await repository.exists(organizationId))) return false;
      await repository.setMonthlyEmail(organizationId, false);
      return true;
    },

    async setMonthlyEmail(session: AuthSession | null, organizationId: string, on: boolean) {
      await authorize(session, organizationId);
      await repository.setMonthlyEmail(organizationId, on);
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
