import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type OrganizationState,
  type OrganizationVerification,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { containing, offsetOf, pageOf, rowsOf } from '../../db/console-reads.ts';
import {
  organizationMembers,
  organizations,
  organizationsOwnedBy,
  profileReports,
  subscriptions,
  users,
  verificationColumn,
} from '../../db/schema.ts';

// The organization's id written out in the subqueries below: in a one-table select drizzle
// leaves columns unqualified, and "id" would be the subquery's own table's.
const organizationId = sql.raw('"organizations"."id"');

/** An organization that ever had a subscription and is no longer public: it lapsed. */
const everSubscribed = sql`exists (select 1 from ${subscriptions} s where s.organization_id = ${organizationId})`;

/** The console's states (contracts' organizationStates), as conditions on a row. */
const stateCondition: Record<OrganizationState, SQL> = {
  published: sql`${organizations.published}`,
  held: sql`${organizations.heldByOperator}`,
  lapsed: sql`not ${organizations.published} and not ${organizations.heldByOperator} and ${everSubscribed}`,
  unpaid: sql`not ${organizations.published} and not ${organizations.heldByOperator} and not ${everSubscribed}`,
};

const openReportCount = sql<number>`(select count(*)::int from ${profileReports} r where r.organization_id = ${organizationId} and r.status = 'open')`;
const stateOf = sql<OrganizationState>`case
  when ${organizations.heldByOperator} then 'held'
  when ${organizations.published} then 'published'
  when ${everSubscribed} then 'lapsed'
  else 'unpaid' end`;

/** The owners with an account (ADR 047): a seed's owner is none. */
const ownerAccounts = (
  where: SQL,
) => sql`from ${organizationMembers} m join ${users} u on u.id = m.user_id
  where m.organization_id = ${organizationId} and m.role = 'owner' and not u.is_anonymous and ${where}`;
const ownerEmails = sql<string[]>`coalesce(
  (select json_agg(u.email order by m.added_at, u.id) ${ownerAccounts(sql`true`)}), '[]')`;
/** One of its owners' addresses contains `text`. */
const ownerEmailContains = (text: string) =>
  sql`exists (select 1 ${ownerAccounts(sql`u.email ilike ${containing(text)}`)})`;

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  country: organizations.country,
  state: stateOf,
  published: organizations.published,
  heldByOperator: organizations.heldByOperator,
  subscriptionType: organizations.subscriptionType,
  ownerEmails,
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
  ownerEmails: string[];
  openReports: number;
  verification: OrganizationVerification | null;
  version: number;
  createdAt: Date;
};

/**
 * The organizations as the operator console reads them (ADR 028): with their state, owners'
 * emails and open reports. No rule is decided here.
 */
export function createOrganizationConsoleQueries(db: Database) {
  return {
    async organizations(query: { q?: string; state?: OrganizationState; page: number }) {
      const text = query.q?.trim();
      const conditions: SQL[] = [];
      if (query.state) conditions.push(stateCondition[query.state]);
      if (text) {
        const byId = /^[0-9a-f-]{36}$/i.test(text) ? [sql`${organizations.id} = ${text}`] : [];
        conditions.push(
          or(ilike(organizations.name, containing(text)), ownerEmailContains(text), ...byId)!,
        );
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      return pageOf(
        db
          .select(organizationColumns)
          .from(organizations)
          .where(where)
          .orderBy(asc(organizations.name), asc(organizations.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offsetOf(query.page)),
        db.select({ total: count() }).from(organizations).where(where),
      ) as Promise<{ rows: AdminOrganizationRecord[]; total: number }>;
    },

    async organization(executor: Database, id: string) {
      const [row] = await executor
        .select(organizationColumns)
        .from(organizations)
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

    /** The organizations `userId` is an owner of (ADR 047), whoever created them. */
    async organizationsOf(executor: Database, userId: string) {
      const rows = await executor
        .select(organizationColumns)
        .from(organizations)
        .where(inArray(organizations.id, organizationsOwnedBy(userId)))
        .orderBy(asc(organizations.name), asc(organizations.id));
      return rows as AdminOrganizationRecord[];
    },

    /**
     * Whether `userId` is a member of the organization, in any role: an operator who is does
     * not judge its case (ADR 051).
     */
    async isMember(executor: Database, organizationId: string, userId: string) {
      const [row] = await executor
        .select({ role: organizationMembers.role })
        .from(organizationMembers)
        .where(
          and(
            eq(organizationMembers.organizationId, organizationId),
            eq(organizationMembers.userId, userId),
          ),
        );
      return row !== undefined;
    },

    /** The overview's organizations by state, and those created in the last 30 days. */
    async organizationFigures(now: Date) {
      const [row] = rowsOf<{
        published: number;
        lapsed: number;
        unpaid: number;
        held: number;
        new_organizations: number;
      }>(
        await db.execute(sql`
          select
            (select count(*)::int from organizations where published) as published,
            (select count(*)::int from organizations o where not o.published and not o.held_by_operator
              and exists (select 1 from subscriptions s where s.organization_id = o.id)) as lapsed,
            (select count(*)::int from organizations o where not o.published and not o.held_by_operator
              and not exists (select 1 from subscriptions s where s.organization_id = o.id)) as unpaid,
            (select count(*)::int from organizations where held_by_operator) as held,
            (select count(*)::int from organizations
              where created_at > ${now.toISOString()}::timestamptz - interval '30 days') as new_organizations`),
      );
      return row!;
    },
  };
}
