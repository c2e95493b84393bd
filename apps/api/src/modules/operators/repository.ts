import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type OrganizationState,
  type OrganizationVerification,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  emailOutbox,
  organizations,
  profileReports,
  sessions,
  subscriptions,
  users,
  verificationColumn,
} from '../../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
export type ReportRow = typeof profileReports.$inferSelect;

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

/** One page of a list with the whole list's count, read at once. */
async function pageOf<Row>(rows: Promise<Row[]>, counted: Promise<{ total: number }[]>) {
  const [page, [first]] = await Promise.all([rows, counted]);
  return { rows: page, total: first!.total };
}

/** An organization that ever had a subscription and is no longer public: it lapsed. */
const everSubscribed = sql`exists (select 1 from ${subscriptions} where ${subscriptions.organizationId} = ${organizations.id})`;

/** The console's states (contracts' organizationStates), as conditions on a row. */
const stateCondition: Record<OrganizationState, SQL> = {
  published: sql`${organizations.published}`,
  held: sql`${organizations.heldByOperator}`,
  lapsed: sql`not ${organizations.published} and not ${organizations.heldByOperator} and ${everSubscribed}`,
  unpaid: sql`not ${organizations.published} and not ${organizations.heldByOperator} and not ${everSubscribed}`,
};

const openReportCount = sql<number>`(select count(*)::int from ${profileReports} where ${profileReports.organizationId} = ${organizations.id} and ${profileReports.status} = 'open')`;
const stateOf = sql<OrganizationState>`case
  when ${organizations.heldByOperator} then 'held'
  when ${organizations.published} then 'published'
  when ${everSubscribed} then 'lapsed'
  else 'unpaid' end`;

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  country: organizations.country,
  state: stateOf,
  published: organizations.published,
  heldByOperator: organizations.heldByOperator,
  subscriptionType: organizations.subscriptionType,
  ownerId: organizations.createdBy,
  ownerEmail: users.email,
  openReports: openReportCount,
  verification: verificationColumn,
  version: organizations.version,
  createdAt: organizations.createdAt,
};
export type AdminOrganizationRecord = {
  id: string;
  name: string;
  country: string;
  state: OrganizationState;
  published: boolean;
  heldByOperator: boolean;
  subscriptionType: string | null;
  ownerId: string;
  ownerEmail: string | null;
  openReports: number;
  verification: OrganizationVerification | null;
  version: number;
  createdAt: Date;
};

// Written out: drizzle leaves columns unqualified in a one-table select, and "id" would be the
// organization's inside this subquery.
const ownedCount = sql<number>`(select count(*)::int from organizations o where o.created_by = users.id)`;
const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  emailVerified: users.emailVerified,
  operator: sql<boolean>`${users.operatorSince} is not null`,
  disabled: sql<boolean>`${users.disabledAt} is not null`,
  organizations: ownedCount,
  createdAt: users.createdAt,
};

/** A subscription as the console lists it (contracts' AdminSubscription). */
const subscriptionColumns = {
  id: subscriptions.id,
  plan: subscriptions.type,
  status: subscriptions.status,
  currentPeriodEnd: subscriptions.periodEnd,
  createdAt: subscriptions.createdAt,
};

/** What the operator's console and commands read and write (ADR 028); no rule is decided here. */
export function createOperatorRepository(db: Database) {
  return {
    // Operators and the users they act on.

    async userByEmail(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          operatorSince: users.operatorSince,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()));
      return row ?? null;
    },

    /** What decides a user's access to the console, read on every request (no caching). */
    async access(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          operatorSince: users.operatorSince,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async setOperator(executor: Database, userId: string, since: Date | null) {
      await executor.update(users).set({ operatorSince: since }).where(eq(users.id, userId));
    },

    async operators() {
      return db
        .select({ id: users.id, email: users.email, operatorSince: users.operatorSince })
        .from(users)
        .where(isNotNull(users.operatorSince))
        .orderBy(asc(users.email));
    },

    // The audit log: only ever added to.

    async record(executor: Database, entry: NewAuditRow) {
      await executor.insert(auditLog).values(entry);
    },

    async audit(query: { q?: string; page: number }) {
      const where = query.q
        ? or(
            ilike(auditLog.actorEmail, containing(query.q)),
            ilike(auditLog.action, containing(query.q)),
            ilike(auditLog.targetId, containing(query.q)),
            ilike(auditLog.targetLabel, containing(query.q)),
            ilike(auditLog.reason, containing(query.q)),
          )
        : undefined;
      return pageOf(
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offsetOf(query.page)),
        db.select({ total: count() }).from(auditLog).where(where),
      );
    },

    // Organizations.

    async organizations(query: { q?: string; state?: OrganizationState; page: number }) {
      const text = query.q?.trim();
      const conditions: SQL[] = [];
      if (query.state) conditions.push(stateCondition[query.state]);
      if (text) {
        const byId = /^[0-9a-f-]{36}$/i.test(text) ? [sql`${organizations.id} = ${text}`] : [];
        conditions.push(
          or(
            ilike(organizations.name, containing(text)),
            ilike(users.email, containing(text)),
            ...byId,
          )!,
        );
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      return pageOf(
        db
          .select(organizationColumns)
          .from(organizations)
          .leftJoin(users, eq(users.id, organizations.createdBy))
          .where(where)
          .orderBy(asc(organizations.name), asc(organizations.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offsetOf(query.page)),
        db
          .select({ total: count() })
          .from(organizations)
          .leftJoin(users, eq(users.id, organizations.createdBy))
          .where(where),
      ) as Promise<{ rows: AdminOrganizationRecord[]; total: number }>;
    },

    async organization(executor: Database, id: string) {
      const [row] = await executor
        .select(organizationColumns)
        .from(organizations)
        .leftJoin(users, eq(users.id, organizations.createdBy))
        .where(eq(organizations.id, id));
      return (row as AdminOrganizationRecord | undefined) ?? null;
    },

    /** Locks the organization's row for an operator's change, if it is still at `version`. */
    async lockAtVersion(tx: Database, id: string, version: number) {
      const [row] = await tx
        .select({ version: organizations.version })
        .from(organizations)
        .where(eq(organizations.id, id))
        .for('update');
      if (!row) return 'missing' as const;
      return row.version === version ? ('locked' as const) : ('changed' as const);
    },

    async subscriptionsOf(organizationId: string) {
      return db
        .select(subscriptionColumns)
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, organizationId))
        .orderBy(desc(subscriptions.createdAt));
    },

    // Users.

    async users(query: { q?: string; page: number }) {
      const text = query.q?.trim();
      const where = and(
        eq(users.isAnonymous, false),
        text
          ? or(ilike(users.email, containing(text)), ilike(users.name, containing(text)))
          : undefined,
      );
      return pageOf(
        db
          .select(userColumns)
          .from(users)
          .where(where)
          .orderBy(asc(users.email))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offsetOf(query.page)),
        db.select({ total: count() }).from(users).where(where),
      );
    },

    async user(executor: Database, id: string) {
      const [row] = await executor.select(userColumns).from(users).where(eq(users.id, id));
      return row ?? null;
    },

    async organizationsOf(executor: Database, ownerId: string) {
      const rows = await executor
        .select(organizationColumns)
        .from(organizations)
        .leftJoin(users, eq(users.id, organizations.createdBy))
        .where(eq(organizations.createdBy, ownerId))
        .orderBy(asc(organizations.name));
      return rows as AdminOrganizationRecord[];
    },

    async subscriptionsOfOwner(ownerId: string) {
      return db
        .select({ ...subscriptionColumns, organizationName: organizations.name })
        .from(subscriptions)
        .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
        .where(eq(subscriptions.userId, ownerId))
        .orderBy(desc(subscriptions.createdAt));
    },

    /** Locks the user's row for a disable or re-enable. */
    async lockUser(tx: Database, id: string) {
      const [row] = await tx
        .select({
          id: users.id,
          email: users.email,
          disabledAt: users.disabledAt,
          operatorSince: users.operatorSince,
        })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row ?? null;
    },

    async setDisabled(tx: Database, id: string, at: Date | null) {
      await tx.update(users).set({ disabledAt: at }).where(eq(users.id, id));
    },

    /** Ends every session of the user: their next request is signed out. */
    async endSessions(tx: Database, userId: string) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Whether a sign-in may make a session for the user (no: disabled). */
    async isDisabled(executor: Database, userId: string) {
      const [row] = await executor
        .select({ disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.id, userId));
      return Boolean(row?.disabledAt);
    },

    /** The organizations a disable held, from its audit entry (the latest one). */
    async heldByLatestDisable(executor: Database, userId: string): Promise<string[]> {
      const [row] = await executor
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'user.disable'),
            eq(auditLog.targetType, 'user'),
            eq(auditLog.targetId, userId),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(1);
      const held = row?.details?.heldOrganizations;
      return Array.isArray(held) ? held.filter((id): id is string => typeof id === 'string') : [];
    },

    // The overview.

    /** Every figure of the overview in one round trip (raw SQL: it is one report, not a model). */
    async overview(now: Date) {
      const [row] = (
        (await db.execute(sql`
          with live as (
            select s.organization_id, s.type, s.status from subscriptions s
            where s.status in ('paid', 'canceled', 'past_due')
          ), firsts as (
            select organization_id, min(created_at) as at from subscriptions group by organization_id
          ), days as (
            select generate_series((${now.toISOString()}::timestamptz at time zone 'UTC')::date - 89,
              (${now.toISOString()}::timestamptz at time zone 'UTC')::date, interval '1 day')::date as day
          )
          select
            (select count(*)::int from organizations where published) as published,
            (select count(*)::int from organizations o where o.published and exists (
              select 1 from live where live.organization_id = o.id and live.status in ('canceled', 'past_due')
              and live.type <> 'guest')) as lapsing,
            (select count(*)::int from organizations o where not o.published and not o.held_by_operator
              and exists (select 1 from subscriptions s where s.organization_id = o.id)) as lapsed,
            (select count(*)::int from organizations o where not o.published and not o.held_by_operator
              and not exists (select 1 from subscriptions s where s.organization_id = o.id)) as unpaid,
            (select count(*)::int from organizations where held_by_operator) as held,
            (select count(*)::int from users where not is_anonymous
              and created_at > ${now.toISOString()}::timestamptz - interval '30 days') as new_users,
            (select count(*)::int from organizations
              where created_at > ${now.toISOString()}::timestamptz - interval '30 days') as new_organizations,
            (select count(*)::int from live where type = 'monthly' and status = 'paid') as monthly,
            (select count(*)::int from live where type = 'yearly' and status = 'paid') as yearly,
            (select count(*)::int from live where type = 'guest') as guest,
            (select count(*)::int from profile_reports where status = 'open') as open_reports,
            (select coalesce(json_agg(json_build_object(
              'day', to_char(d.day, 'YYYY-MM-DD'),
              'signUps', (select count(*) from users u where not u.is_anonymous
                and (u.created_at at time zone 'UTC')::date = d.day),
              'publications', (select count(*) from firsts f where (f.at at time zone 'UTC')::date = d.day),
              'newMonthly', (select count(*) from subscriptions s where s.type = 'monthly'
                and s.provider <> 'guest' and (s.created_at at time zone 'UTC')::date = d.day),
              'newYearly', (select count(*) from subscriptions s where s.type = 'yearly'
                and s.provider <> 'guest' and (s.created_at at time zone 'UTC')::date = d.day)
            ) order by d.day), '[]') from days d) as days`)) as unknown as {
          rows: {
            published: number;
            lapsing: number;
            lapsed: number;
            unpaid: number;
            held: number;
            new_users: number;
            new_organizations: number;
            monthly: number;
            yearly: number;
            guest: number;
            open_reports: number;
            days: {
              day: string;
              signUps: number;
              publications: number;
              newMonthly: number;
              newYearly: number;
            }[];
          }[];
        }
      ).rows;
      return row!;
    },

    // Email and newsletter.

    async emails(query: { status: 'recent' | 'failed'; page: number }) {
      const where = query.status === 'failed' ? isNotNull(emailOutbox.failedAt) : undefined;
      return pageOf(
        db
          .select({
            id: emailOutbox.id,
            to: emailOutbox.recipient,
            subject: emailOutbox.subject,
            sentAt: emailOutbox.sentAt,
            failedAt: emailOutbox.failedAt,
            attempts: emailOutbox.attempts,
            lastError: emailOutbox.lastError,
            createdAt: emailOutbox.createdAt,
            kept: sql<boolean>`${emailOutbox.text} is not null`,
          })
          .from(emailOutbox)
          .where(where)
          .orderBy(desc(emailOutbox.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offsetOf(query.page)),
        db.select({ total: count() }).from(emailOutbox).where(where),
      );
    },

    async email(executor: Database, id: number) {
      const [row] = await executor.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      return row ?? null;
    },

    // Reports.

    async reportsOf(organizationId: string) {
      return db
        .select()
        .from(profileReports)
        .where(eq(profileReports.organizationId, organizationId))
        .orderBy(desc(profileReports.createdAt));
    },

    /** Open reports oldest first (the queue); resolved ones newest first. */
    async reports(query: { status: 'open' | 'resolved'; page: number }) {
      const where =
        query.status === 'open'
          ? eq(profileReports.status, 'open')
          : sql`${profileReports.status} <> 'open'`;
      return pageOf(
        db
          .select()
          .from(profileReports)
          .where(where)
          .orderBy(
            query.status === 'open'
              ? asc(profileReports.createdAt)
              : desc(profileReports.resolvedAt),
            asc(profileReports.id),
          )
          .limit(ADMIN_PAGE_SIZE)
          .offset(offsetOf(query.page)),
        db.select({ total: count() }).from(profileReports).where(where),
      );
    },

    async lockOpenReport(tx: Database, id: string) {
      const [row] = await tx
        .select()
        .from(profileReports)
        .where(eq(profileReports.id, id))
        .for('update');
      return row ?? null;
    },

    /**
     * Resolves the report and every other open report of the same profile the same way (one
     * decision answers them all).
     */
    async resolveReports(
      tx: Database,
      report: ReportRow,
      outcome: { status: 'dismissed' | 'held' | 'deleted'; by: string; resolution: string },
    ) {
      const sameProfile = report.organizationId
        ? and(
            eq(profileReports.organizationId, report.organizationId),
            eq(profileReports.status, 'open'),
          )
        : and(eq(profileReports.id, report.id), isNull(profileReports.resolvedAt));
      return tx
        .update(profileReports)
        .set({
          status: outcome.status,
          resolvedAt: new Date(),
          resolvedBy: outcome.by,
          resolution: outcome.resolution,
        })
        .where(sameProfile)
        .returning({ id: profileReports.id });
    },
  };
}
export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
