import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { countRows } from './support/accounts.ts';
import { createAgent } from './support/browser-agent.ts';
import { startMailbox, type Mailbox } from './support/mailbox.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

describe('email outbox and relay', () => {
  const open: { ctx: TestContext; mailbox: Mailbox }[] = [];
  afterAll(async () => {
    for (const { ctx, mailbox } of open) {
      await ctx.close();
      await mailbox.close();
    }
  });
  const start = async (options: Parameters<typeof startMailbox>[0]) => {
    const mailbox = await startMailbox(options);
    const ctx = await createTestApp({
      SMTP_URL: mailbox.url,
      RATE_LIMITS: 'off',
      EMAIL_RELAY_INTERVAL_MS: '60000',
    });
    open.push({ ctx, mailbox });
    return { ctx, mailbox };
  };
  const unsent = (ctx: TestContext) =>
    countRows(ctx, sql`select count(*)::int as n from email_outbox where sent_at is null`);

  it('keeps an email the mail server refused and sends it on a later attempt', async () => {
    const { ctx, mailbox } = await start({ failFirst: 1 });
    const signUp = await createAgent(ctx.app).post('/api/auth/sign-up/email', {
      email: 'retry@example.com',
      password: 'secret1',
      name: '',
    });
    expect(signUp.status).toBe(200);
    await ctx.app.emailRelay.drain();
    expect(mailbox.to('retry@example.com')).toHaveLength(0);
    expect(await unsent(ctx)).toBe(1);
    const [failed] = (
      (await ctx.database.db.execute(
        sql`select attempts, last_error, next_attempt_at > now() as later from email_outbox`,
      )) as unknown as { rows: { attempts: number; last_error: string; later: boolean }[] }
    ).rows;
    expect(failed).toMatchObject({ attempts: 1, later: true });
    expect(failed?.last_error).toMatch(/try later/);

    // The retry comes due (the backoff has passed) and the relay sends it.
    await ctx.database.db.execute(
      sql`update email_outbox set next_attempt_at = now() - interval '1 second'`,
    );
    await ctx.app.emailRelay.drain();
    expect(mailbox.to('retry@example.com')).toHaveLength(1);
    expect(await unsent(ctx)).toBe(0);
  });

  it('answers the request before a stalled mail server has taken the email', async () => {
    const { ctx, mailbox } = await start({ held: true });
    const signUp = await createAgent(ctx.app).post('/api/auth/sign-up/email', {
      email: 'slow@example.com',
      password: 'secret1',
      name: '',
    });
    expect(signUp.status).toBe(200);
    // The email is committed with the account; the relay may be handing it over, but the mail
    // server has not taken it, and the user already has the answer.
    expect(await countRows(ctx, sql`select count(*)::int as n from email_outbox`)).toBe(1);
    expect(mailbox.to('slow@example.com')).toHaveLength(0);
    const delivered = ctx.app.emailRelay.drain();
    await vi.waitFor(() => expect(mailbox.waiting()).toBe(1), { timeout: 10_000 });
    expect(await unsent(ctx)).toBe(1);
    mailbox.release();
    await delivered;
    expect(mailbox.to('slow@example.com')).toHaveLength(1);
    expect(await unsent(ctx)).toBe(0);
  });

  it('without SMTP_URL, logs every email with its links, which work', async () => {
    const logLines: string[] = [];
    const ctx = await createTestApp({ RATE_LIMITS: 'off' }, { logLines });
    try {
      const browser = createAgent(ctx.app);
      await browser.post('/api/auth/sign-up/email', {
        email: 'newcomer@example.com',
        password: 'secret1',
        name: '',
      });
      await ctx.app.emailRelay.drain();
      const line = logLines.find((entry) => entry.includes('Email to newcomer@example.com'));
      expect(line).toBeDefined();
      const logged = JSON.parse(line!) as { email: { links: string[] } };
      const link = new URL(logged.email.links[0]!);
      expect(link.pathname).toBe('/verify-email');
      expect((await browser.get(`/api/auth/verify-email${link.search}`)).status).toBe(200);
      expect(await unsent(ctx)).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('writes no email when the sign-up fails', async () => {
    const { ctx } = await start({});
    const browser = createAgent(ctx.app);
    await browser.post('/api/auth/sign-up/email', {
      email: 'once@example.com',
      password: 'secret1',
      name: '',
    });
    const duplicate = await createAgent(ctx.app).post('/api/auth/sign-up/email', {
      email: 'once@example.com',
      password: 'secret1',
      name: '',
    });
    expect(duplicate.status).toBe(409);
    expect(await countRows(ctx, sql`select count(*)::int as n from email_outbox`)).toBe(1);
  });
});
