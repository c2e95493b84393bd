import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterErrorCodes, type AdminNewsletter } from '@si/contracts';
import { countRows, signUp, startAppWithMailbox, stopAppWithMailbox } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { linkIn, type Mailbox } from './support/mailbox.ts';
import { signUpOperator } from './support/operators.ts';
import { startSecondAppInstance } from './support/second-app-instance.ts';
import type { TestContext } from './support/test-app.ts';

let ctx: TestContext;
let mailbox: Mailbox;
let operator: Agent;

beforeAll(async () => {
  ({ ctx, mailbox } = await startAppWithMailbox());
  operator = (await signUpOperator(ctx, 'newsletter-operator@example.org')).browser;
}, 60_000);

afterAll(async () => {
  await stopAppWithMailbox(ctx, mailbox);
});

const subscribe = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object });
const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
const overview = async () =>
  (await operator.get<{ data: AdminNewsletter }>('/api/admin/newsletter')).body.data;
const confirmations = (to: string) =>
  mailbox.to(to).filter((message) => /Confirm your subscription/.test(message.subject));
/** The token of the newest confirmation email to `to`. */
async function emailedToken(to: string): Promise<string> {
  await ctx.app.emailRelay.drain();
  const link = linkIn(confirmations(to).at(-1)!, '/newsletter/confirm');
  return link.searchParams.get('token')!;
}
const stored = async (email: string) =>
  (
    (await ctx.database.db.execute(
      sql`select confirmed_at from newsletter_subscribers where email = ${email}`,
    )) as unknown as { rows: { confirmed_at: Date | null }[] }
  ).rows;

describe('subscribing: double opt-in', () => {
  it('emails a link, and only the link makes the address a subscriber, once', async () => {
    const before = await overview();
    const first = await subscribe({ email: 'Ada@Example.org' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { confirmationRequested: true } });
    expect(await overview()).toMatchObject({
      confirmed: before.confirmed,
      pending: before.pending + 1,
    });

    const token = await emailedToken('ada@example.org');
    expect(confirmations('ada@example.org')).toHaveLength(1);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: { confirmed: true } });
    expect(await overview()).toMatchObject({
      confirmed: before.confirmed + 1,
      pending: before.pending,
    });

    // Used once: the same link again is refused and changes nothing.
    const reused = await confirm(token);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error.code).toBe(newsletterErrorCodes.linkInvalid);
    const forged = await confirm('a'.repeat(43));
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.code).toBe(newsletterErrorCodes.linkInvalid);
    expect(await overview()).toMatchObject({ confirmed: before.confirmed + 1 });
  });

  it('answers the same for a new, a pending and a subscribed address, and emails no subscriber', async () => {
    const fresh = await subscribe({ email: 'same-answer@example.org' });
    const pending = await subscribe({ email: ' SAME-answer@example.org ' });
    expect(pending.statusCode).toBe(fresh.statusCode);
    expect(pending.body).toBe(fresh.body);
    await confirm(await emailedToken('same-answer@example.org'));
    const subscribed = await subscribe({ email: 'same-answer@example.org' });
    expect(subscribed.statusCode).toBe(fresh.statusCode);
    expect(subscribed.body).toBe(fresh.body);
    await ctx.app.emailRelay.drain();
    // The pending address asked twice within minutes: one link; the subscriber: nothing more.
    expect(confirmations('same-answer@example.org')).toHaveLength(1);
    expect(await stored('same-answer@example.org')).toHaveLength(1);
  });

  it('lets a link expire after 7 days: refused, changes nothing, and the address is then forgotten', async () => {
    await subscribe({ email: 'late@example.org' });
    const token = await emailedToken('late@example.org');
    // Eight days pass: the link was emailed then.
    await ctx.database.db.execute(
      sql`update newsletter_subscribers set confirmation_sent_at = now() - interval '8 days' where email = 'late@example.org'`,
    );
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe(newsletterErrorCodes.linkExpired);
    expect(await stored('late@example.org')).toEqual([{ confirmed_at: null }]);

    // A subscriber of long ago is not touched by the expiry.
    expect(await ctx.app.jobs.expireNewsletterAddresses(new Date())).toBeGreaterThanOrEqual(1);
    expect(await stored('late@example.org')).toEqual([]);
    expect(await stored('ada@example.org')).toHaveLength(1);
    expect((await confirm(token)).statusCode).toBe(404);
  });

  it.each([
    ['a malformed address', { email: 'not-an-email' }],
    ['no address', {}],
    ['an extra field', { email: 'b@example.org', admin: true }],
  ])('refuses %s with 400 and stores nothing', async (_label, payload) => {
    const before = await overview();
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBeTruthy();
    expect(await overview()).toEqual(before);
  });

  it('takes the address of a deleted account off the newsletter', async () => {
    const { browser } = await signUp(ctx, 'leaver@example.org');
    await subscribe({ email: 'leaver@example.org' });
    await confirm(await emailedToken('leaver@example.org'));
    const deleted = await browser.delete('/api/users/me', {
      confirmation: 'DELETE',
      password: 'secret1',
    });
    expect(deleted.status).toBe(200);
    expect(await stored('leaver@example.org')).toEqual([]);
    expect(
      await countRows(
        ctx,
        sql`select count(*) as n from email_outbox where recipient = 'leaver@example.org'`,
      ),
    ).toBe(0);
  });
});

/** `count` confirmed subscribers, made as the link makes them. */
async function confirmedSubscribers(prefix: string, count: number) {
  await ctx.database.db.execute(sql`
    insert into newsletter_subscribers (email, confirmed_at)
    select ${prefix} || '-' || n || '@example.org', now() from generate_series(1, ${count}) as n`);
}

/** How many digests of a month each address was queued: address -> count. */
async function digestsQueued(subject: string): Promise<Map<string, number>> {
  const result = (await ctx.database.db.execute(sql`
    select recipient, count(*)::int as n from email_outbox where subject = ${subject}
    group by recipient`)) as unknown as { rows: { recipient: string; n: number }[] };
  return new Map(result.rows.map((row) => [row.recipient, row.n]));
}

/** The first day of the month `offset` months from now, at 06:00 UTC. */
function monthFromNow(offset: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1, 6));
}
const monthName = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('the monthly digest', { timeout: 60_000 }, () => {
  it('goes to each confirmed subscriber once, from two processes at once, with a one-click way out', async () => {
    const published = await createOrganization(ctx.database.db, {
      name: 'Digest River Trust',
      description: 'Clean rivers for every town. We restore banks and teach schools.',
    });
    // Two roles posted this month and open, at one organization; a closed one is left out.
    for (const [title, closed] of [
      ['Digest Open One', null],
      ['Digest Open Two', null],
      ['Digest Closed', sql`now()`],
    ] as const) {
      await ctx.database.db.execute(sql`
        insert into organization_roles
          (organization_id, title, kind, workplace, description, apply, closes_on, closed_at)
        values (${published}, ${title}, 'full_time', 'remote', 'Restores banks.',
          'https://river.example/jobs', (now() at time zone 'utc')::date + 30, ${closed})`);
    }
    // Published this month, but no longer public: left out.
    const gone = await createOrganization(ctx.database.db, { name: 'Digest Gone' });
    await ctx.database.db.execute(
      sql`update organizations set published = false where id = ${gone}`,
    );
    await confirmedSubscribers('digest', 20);
    await subscribe({ email: 'digest-pending@example.org' });
    const line = await operator.call('PUT', '/api/admin/newsletter/line', {
      line: 'Hello from the team.',
    });
    expect(line.status).toBe(200);

    // After the first week nothing goes out: a server started on the 20th sends nothing.
    const late = new Date(monthFromNow(1).getTime() + 19 * 86_400_000);
    expect(await ctx.app.jobs.sendNewsletterDigest(late)).toBe(0);

    const at = monthFromNow(1);
    const subject = `New on Scaling Impact: ${monthName(new Date())}`;
    const second = await startSecondAppInstance(ctx, { RATE_LIMITS: 'off', SMTP_URL: mailbox.url });
    try {
      const queued = await Promise.all([
        ctx.app.jobs.sendNewsletterDigest(at),
        second.app.jobs.sendNewsletterDigest(at),
      ]);
      const { confirmed } = await overview();
      expect(queued[0] + queued[1]).toBe(confirmed);
      // The next run, or a restart: nothing again.
      expect(await second.app.jobs.sendNewsletterDigest(at)).toBe(0);
    } finally {
      await second.close();
    }
    expect(await ctx.app.jobs.sendNewsletterDigest(at)).toBe(0);
    const perAddress = await digestsQueued(subject);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect(perAddress.has('digest-1@example.org')).toBe(true);
    expect(perAddress.has('ada@example.org')).toBe(true);
    expect(perAddress.has('digest-pending@example.org')).toBe(false);

    const last = (await overview()).lastDigest!;
    expect(last).toMatchObject({ organizations: 1, queued: perAddress.size });
    expect(last.finishedAt).not.toBeNull();

    await ctx.app.emailRelay.drain();
    expect(mailbox.to('digest-pending@example.org').map((m) => m.subject)).not.toContain(subject);
    const email = mailbox.latest('digest-7@example.org', /New on Scaling Impact/);
    expect(email.subject).toBe(subject);
    expect(email.text).toContain('Hello from the team. 1 organization joined Scaling Impact');
    expect(email.text).toContain('2 new open roles at 1 organization: ');
    expect(linkIn(email, '/roles')).toBeTruthy();
    expect(email.text).toMatch(/- Digest River Trust: \S+\n {2}Clean rivers for every town\.\n/);
    expect(email.text).not.toContain('Digest Gone');
    expect(linkIn(email, `/organizations/${published}`)).toBeTruthy();
    expect((await overview()).lastDigest).toMatchObject({ sent: perAddress.size, failed: 0 });

    // RFC 8058: the header names the link, and the mail client's POST needs no session.
    const unsubscribe = linkIn(email, '/api/newsletter/unsubscribe');
    expect(email.headers['list-unsubscribe']).toBe(`<${unsubscribe.href}>`);
    expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const before = (await overview()).confirmed;
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}${unsubscribe.search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.com',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await overview()).confirmed).toBe(before - 1);
    expect(await stored('digest-7@example.org')).toEqual([]);

    // The link clicked afterwards: a page that says so, and nothing else changes.
    const clicked = await ctx.app.inject({ url: `${unsubscribe.pathname}${unsubscribe.search}` });
    expect(clicked.statusCode).toBe(303);
    expect(clicked.headers.location).toBe('/unsubscribed?list=newsletter&error=used');
    expect((await overview()).confirmed).toBe(before - 1);

    // The link of another subscriber works as a GET, without signing in.
    const other = linkIn(
      mailbox.latest('digest-8@example.org', /New on Scaling Impact/),
      '/api/newsletter/unsubscribe',
    );
    const link = await ctx.app.inject({ url: `${other.pathname}${other.search}` });
    expect(link.headers.location).toBe('/unsubscribed?list=newsletter');
    expect((await overview()).confirmed).toBe(before - 2);
  });

  it('refuses a forged or altered unsubscribe link and changes nothing', async () => {
    await confirmedSubscribers('forged', 1);
    const [row] = (
      (await ctx.database.db.execute(
        sql`select id from newsletter_subscribers where email = 'forged-1@example.org'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const { tokenOf } = await import('../src/adapters/email/unsubscribe-tokens.ts').then((m) =>
      m.unsubscribeTokens('not the server secret', 'newsletter'),
    );
    const before = (await overview()).confirmed;
    for (const query of [
      `subscriber=${row!.id}&token=${tokenOf(row!.id)}`,
      `subscriber=${row!.id}&token=abc`,
      `subscriber=${row!.id}`,
      `subscriber=not-an-id&token=x`,
    ]) {
      const link = await ctx.app.inject({ url: `/api/newsletter/unsubscribe?${query}` });
      expect(link.statusCode).toBe(303);
      expect(link.headers.location).toBe('/unsubscribed?list=newsletter&error=invalid');
      const post = await ctx.app.inject({
        method: 'POST',
        url: `/api/newsletter/unsubscribe?${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(404);
    }
    expect((await overview()).confirmed).toBe(before);
  });
});

describe('the console', () => {
  it('lists, removes and exports addresses, and sets the line, each audited', async () => {
    await subscribe({ email: 'console-pending@example.org' });
    await subscribe({ email: '+cmd@example.org' });
    await confirm(await emailedToken('+cmd@example.org'));
    const found = await operator.get<{ data: { id: string; email: string; state: string }[] }>(
      '/api/admin/newsletter/subscribers?q=console-pending',
    );
    expect(found.body.data).toEqual([
      expect.objectContaining({ email: 'console-pending@example.org', state: 'pending' }),
    ]);

    const csv = await ctx.app.inject({
      url: '/api/admin/newsletter/subscribers.csv',
      headers: { cookie: [...operator.jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('email,subscribed_at,confirmed_at');
    expect(lines).toContainEqual(expect.stringMatching(/^ada@example\.org,\d{4}-.*,\d{4}-/));
    expect(lines).toContainEqual(expect.stringMatching(/^'\+cmd@example\.org,/));
    // Only confirmed addresses are subscribers.
    expect(lines.some((entry) => entry.startsWith('console-pending@'))).toBe(false);

    const id = found.body.data[0]!.id;
    expect((await operator.call('DELETE', `/api/admin/newsletter/subscribers/${id}`)).status).toBe(
      204,
    );
    expect((await operator.call('DELETE', `/api/admin/newsletter/subscribers/${id}`)).status).toBe(
      404,
    );
    expect(await stored('console-pending@example.org')).toEqual([]);

    const tooLong = await operator.call('PUT', '/api/admin/newsletter/line', {
      line: 'x'.repeat(301),
    });
    expect(tooLong.status).toBe(400);
    await operator.call('PUT', '/api/admin/newsletter/line', { line: '' });
    expect((await overview()).digestLine).toBe('');

    const audit = await operator.get<{ data: { action: string; targetLabel: string | null }[] }>(
      '/api/admin/audit?q=newsletter',
    );
    const actions = audit.body.data.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['newsletter.export', 'newsletter.remove', 'newsletter.line']),
    );
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({
        action: 'newsletter.remove',
        targetLabel: 'console-pending@example.org',
      }),
    );
  });

  it('is for operators only', async () => {
    const reader = createAgent(ctx.app);
    expect((await reader.get('/api/admin/newsletter')).status).toBe(401);
    expect((await reader.call('PUT', '/api/admin/newsletter/line', { line: 'x' })).status).toBe(
      401,
    );
  });
});

describe('a digest cut short', { timeout: 60_000 }, () => {
  // Last in the file: nothing drains its 100-odd emails to the mailbox.
  it('picks up where a process stopped mid-send, after a restart, and sends nobody twice', async () => {
    // Next month's digest, about an organization first published then.
    const organization = await createOrganization(ctx.database.db, { name: 'Restart Works' });
    const at = monthFromNow(2);
    await ctx.database.db.execute(sql`
      update organization_first_published set at = ${monthFromNow(1).toISOString()}::timestamptz
      where organization_id = ${organization}`);
    const subject = `New on Scaling Impact: ${monthName(monthFromNow(1))}`;
    await confirmedSubscribers('restart', 110);
    const confirmed = (await overview()).confirmed;
    expect(confirmed).toBeGreaterThan(100);

    // The process stops in its second batch: the database refuses the 120th digest it queues.
    await ctx.database.db.execute(sql`create sequence digest_crash`);
    await ctx.database.db.execute(
      sql.raw(`
      create function digest_crash() returns trigger language plpgsql as $$
      begin
        if nextval('digest_crash') >= 120 then raise exception 'the process stopped'; end if;
        return new;
      end $$`),
    );
    await ctx.database.db.execute(
      sql.raw(`
      create trigger digest_crash before insert on email_outbox for each row
      when (new.newsletter_subscriber_id is not null) execute function digest_crash()`),
    );
    await expect(ctx.app.jobs.sendNewsletterDigest(at)).rejects.toThrow();
    await ctx.database.db.execute(sql`drop trigger digest_crash on email_outbox`);
    expect((await digestsQueued(subject)).size).toBe(100);
    expect((await overview()).lastDigest).toMatchObject({ queued: 100, finishedAt: null });

    // A new process (the restart) sends the rest; the first one's next run finds nobody left.
    const restarted = await startSecondAppInstance(ctx, { RATE_LIMITS: 'off' });
    try {
      expect(await restarted.app.jobs.sendNewsletterDigest(at)).toBe(confirmed - 100);
    } finally {
      await restarted.close();
    }
    expect(await ctx.app.jobs.sendNewsletterDigest(at)).toBe(0);
    const perAddress = await digestsQueued(subject);
    expect(perAddress.size).toBe(confirmed);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    const last = (await overview()).lastDigest!;
    expect(last).toMatchObject({ queued: confirmed });
    expect(last.finishedAt).not.toBeNull();
  });
});
