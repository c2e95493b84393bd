import { and, asc, count, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { containing, offsetOf, overviewDays, pageOf, rowsOf } from '../../db/console-reads.ts';
import { sessions, users } from '../../db/schema.ts';

// Written out: drizzle leaves columns unqualified in a one-table select. The organizations the
// user is an owner of (ADR 047), whoever created them.
const ownedCount = sql<number>`(select count(*)::int from organization_members m where m.user_id = users.id and m.role = 'owner')`;
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

/**
 * The users' rows as the operator console and the operator commands read and change them
 * (ADR 028): who is an operator, who is disabled, the users list. No rule is decided here.
 */
export function createAccountConsoleQueries(db: Database) {
  return {
    async userByEmail(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          emailVerified: users.emailVerified,
          isAnonymous: users.isAnonymous,
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

    /** The overview's sign-ups: the last 30 days', and each of the last 90 days' (UTC). */
    async signUpFigures(now: Date) {
      const [row] = rowsOf<{ new_users: number; days: { day: string; signUps: number }[] }>(
        await db.execute(sql`
          with ${overviewDays(now)}
          select
            (select count(*)::int from users where not is_anonymous
              and created_at > ${now.toISOString()}::timestamptz - interval '30 days') as new_users,
            (select coalesce(json_agg(json_build_object(
              'day', to_char(d.day, 'YYYY-MM-DD'),
              'signUps', (select count(*) from users u where not u.is_anonymous
                and (u.created_at at time zone 'UTC')::date = d.day)
            ) order by d.day), '[]') from days d) as days`),
      );
      return row!;
    },
  };
}
