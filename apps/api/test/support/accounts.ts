import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from './test-app.ts';
import { startMailbox, type Mailbox } from './mailbox.ts';
import { createAgent, type Agent } from './browser-agent.ts';

/** Signs up a new email-and-password account in a fresh browser; verified unless told not to. */
export async function signUp(
  ctx: TestContext,
  email: string,
  options: { password?: string; verified?: boolean } = {},
): Promise<{ browser: Agent; id: string }> {
  const browser = createAgent(ctx.app);
  const answer = await browser.post<{ data: { user: { id: string } } }>('/api/auth/sign-up/email', {
    email,
    password: options.password ?? 'secret1',
    name: '',
  });
  if (answer.status !== 200) throw new Error(`sign-up answered ${answer.status}`);
  const id = answer.body.data.user.id;
  if (options.verified !== false) {
    await ctx.database.db.execute(sql`update users set email_verified = true where id = ${id}`);
  }
  return { browser, id };
}

export async function countRows(ctx: TestContext, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await ctx.database.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** An API answer as the tests read it. */
export type Body<T> = { data: T; error?: { code: string; message: string } };

/** A fresh app whose emails go to a real SMTP mailbox started for it. */
export async function startAppWithMailbox(): Promise<{ ctx: TestContext; mailbox: Mailbox }> {
  const mailbox = await startMailbox();
  const ctx = await createTestApp({ SMTP_URL: mailbox.url, RATE_LIMITS: 'off' });
  return { ctx, mailbox };
}

export async function stopAppWithMailbox(ctx: TestContext, mailbox: Mailbox): Promise<void> {
  await ctx.close();
  await mailbox.close();
}
