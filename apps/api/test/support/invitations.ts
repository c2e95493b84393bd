import { sql } from 'drizzle-orm';
import type { TestContext } from './test-app.ts';

/** Rows of a raw query. */
export async function rowsOf<T>(ctx: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The newest invitation email queued to `email` in the outbox, and the token of its link
 * (`${PUBLIC_URL}/invitations/<token>`).
 */
export async function invitationEmailTo(ctx: TestContext, email: string) {
  const [found] = await rowsOf<{ subject: string; text: string }>(
    ctx,
    sql`select subject, text from email_outbox where recipient = ${email} order by id desc limit 1`,
  );
  if (!found) throw new Error(`no email to ${email}`);
  const token = found.text.match(/\/invitations\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation link in: ${found.text}`);
  return { ...found, token };
}
