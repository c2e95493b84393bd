import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, usage } from '../src/cli/commands.ts';
import { loadConfig } from '../src/config.ts';
import { countRows, signUp } from './support/accounts.ts';
import { startMailbox, type Mailbox } from './support/mailbox.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

const MAX_ATTEMPTS = 3;
const SUPPORT_EMAIL = 'help@directory.test';

describe('email outbox: what an operator sees and does', () => {
  const open: { ctx: TestContext; mailbox: Mailbox }[] = [];
  afterAll(async () => {
    for (const { ctx, mailbox } of open) {
      await ctx.close();
      await mailbox.close();
    }
  });
  const start = async (options: Parameters<typeof startMailbox>[0], logLines?: string[]) => {
    const mailbox = await startMailbox(options);
    const ctx = await createTestApp(
      {
        SMTP_URL: mailbox.url,
        RATE_LIMITS: 'off',
        EMAIL_RELAY_INTERVAL_MS: '60000',
        EMAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
        SUPPORT_EMAIL,
      },
      { logLines },
    );
    open.push({ ctx, mailbox });
    return { ctx, mailbox };
  };

  /** `npm run cli -- ...` on the test database, as the server would run it; exit code and output. */
  async function cli(ctx: TestContext, ...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    let nudged = 0;
    const code = await runCommand(argv, {
      database: ctx.database,
      storage: ctx.app.storage,
      config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL }),
      log: pino({ level: 'silent' }),
      output: { out: (line) => out.push(line), err: (line) => err.push(line) },
      emailQueued: () => (nudged += 1),
    });
    return { code, out: out.join('\n'), err: err.join('\n'), nudged };
  }

  const outboxRow = async (ctx: TestContext, id: number) =>
    (
      (await ctx.database.db.execute(
        sql`select attempts, failed_at, sent_at, last_error, text, html, subject
            from email_outbox where id = ${id}`,
      )) as unknown as {
        rows: {
          attempts: number;
          // A string on PGlite, a Date on PostgreSQL.
          failed_at: string | Date | null;
          sent_at: string | Date | null;
          last_error: string | null;
          text: string | null;
          html: string | null;
          subject: string;
        }[];
      }
    ).rows[0];
  const idOf = async (ctx: TestContext, userId: string) =>
    countRows(ctx, sql`select max(id)::int as n from email_outbox where user_id = ${userId}`);
  /** The relay's backoff has passed: every unsent email is due again. */
  const comeDue = (ctx: TestContext) =>
    ctx.database.db.execute(
      sql`update email_outbox set next_attempt_at = now() - interval '1 second'
          where sent_at is null`,
    );

  it('fails an email the mail server keeps refusing, lists it, and resends it once it accepts', async () => {
    const logLines: string[] = [];
    const { ctx, mailbox } = await start({ failFirst: Number.POSITIVE_INFINITY }, logLines);
    const { id: userId } = await signUp(ctx, 'refused@example.com', { verified: false });
    const emailId = await idOf(ctx, userId);

    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 2; attempt += 1) {
      await ctx.app.emailRelay.drain();
      await comeDue(ctx);
    }
    // It stopped at the bound: failed, no more attempts, nothing delivered.
    const failed = await outboxRow(ctx, emailId);
    expect(failed).toMatchObject({ attempts: MAX_ATTEMPTS, sent_at: null });
    expect(failed?.failed_at).not.toBeNull();
    expect(failed?.last_error).toMatch(/try later/);
    expect(mailbox.to('refused@example.com')).toHaveLength(0);

    // Logged once, at error level, with its code and id, and never with the email's link.
    const errors = logLines
      .map((line) => JSON.parse(line) as { level: number; code?: string; emailId?: number })
      .filter((entry) => entry.code === 'EMAIL_FAILED');
    expect(errors).toEqual([expect.objectContaining({ level: 50, emailId })]);
    expect(logLines.filter((line) => line.includes('verify-email'))).toEqual([]);

    const listed = await cli(ctx, 'email', 'failed');
    expect(listed.code).toBe(0);
    const [line, ...others] = listed.out.split('\n');
    expect(others).toEqual([]);
    expect(line?.split('\t')).toEqual([
      String(emailId),
      'refused@example.com',
      failed?.subject,
      `${MAX_ATTEMPTS} attempts`,
      expect.stringMatching(/try later/),
      new Date(failed!.failed_at!).toISOString(),
    ]);

    // Resend: back in the queue with a fresh count, and sent once the server takes mail.
    mailbox.accept();
    const resent = await cli(ctx, 'email', 'resend', String(emailId));
    expect(resent).toMatchObject({ code: 0, nudged: 1 });
    expect(resent.out).toContain(`email ${emailId}`);
    expect(await outboxRow(ctx, emailId)).toMatchObject({ attempts: 0, failed_at: null });
    await ctx.app.emailRelay.drain();
    expect(mailbox.to('refused@example.com')).toHaveLength(1);
    expect(await outboxRow(ctx, emailId)).toMatchObject({ attempts: 1, failed_at: null });
    expect((await outboxRow(ctx, emailId))?.sent_at).not.toBeNull();
    expect((await cli(ctx, 'email', 'failed')).out).toBe('no failed emails');

    // Only a failed email can be resent; a bad id says so and changes nothing.
    const again = await cli(ctx, 'email', 'resend', String(emailId));
    expect(again.code).toBe(1);
    expect((await cli(ctx, 'email', 'resend', 'x')).code).toBe(1);
    const unknown = await cli(ctx, 'email', 'forward');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe(usage);
    expect(usage).toContain('email failed');
    expect(usage).toContain('email resend ID');
  });

  it('sends every email with the support address to reply to', async () => {
    const { ctx, mailbox } = await start({});
    await signUp(ctx, 'replies@example.com', { verified: false });
    await ctx.app.emailRelay.drain();
    const [email] = mailbox.to('replies@example.com');
    expect(email?.replyTo).toBe(SUPPORT_EMAIL);
  });

  it('drops the body of an email sent over a week ago, and keeps the rest', async () => {
    const { ctx } = await start({});
    const old = await signUp(ctx, 'old@example.com', { verified: false });
    const recent = await signUp(ctx, 'recent@example.com', { verified: false });
    await ctx.app.emailRelay.drain();
    const oldId = await idOf(ctx, old.id);
    const recentId = await idOf(ctx, recent.id);
    await ctx.database.db.execute(
      sql`update email_outbox set sent_at = now() - interval '8 days' where id = ${oldId}`,
    );
    await ctx.database.db.execute(
      sql`update email_outbox set sent_at = now() - interval '6 days' where id = ${recentId}`,
    );

    expect(await ctx.app.jobs.dropSentEmailBodies()).toBe(1);
    const dropped = await outboxRow(ctx, oldId);
    expect(dropped).toMatchObject({ text: null, html: null });
    expect(dropped?.subject).toMatch(/Verify/);
    const kept = await outboxRow(ctx, recentId);
    expect(kept?.text).toContain('/verify-email');
    expect(kept?.html).toContain('/verify-email');
    expect(await ctx.app.jobs.dropSentEmailBodies()).toBe(0);
  });

  it('deletes every email of a user with the user', async () => {
    const { ctx } = await start({});
    const leaving = await signUp(ctx, 'leaving@example.com', { verified: false });
    const staying = await signUp(ctx, 'staying@example.com', { verified: false });
    await ctx.app.emailRelay.drain();
    // A second, unsent one: queued emails go too.
    expect((await leaving.browser.post('/api/auth/resend-verification', {})).status).toBe(200);
    const rowsOf = (userId: string) =>
      countRows(ctx, sql`select count(*)::int as n from email_outbox where user_id = ${userId}`);
    expect(await rowsOf(leaving.id)).toBe(2);

    const deleted = await leaving.browser.delete('/api/users/me', {
      confirmation: 'DELETE',
      password: 'secret1',
    });
    expect(deleted.status).toBe(200);
    expect(await rowsOf(leaving.id)).toBe(0);
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from email_outbox where recipient = 'leaving@example.com'`,
      ),
    ).toBe(0);
    expect(await rowsOf(staying.id)).toBe(1);
  });
});
