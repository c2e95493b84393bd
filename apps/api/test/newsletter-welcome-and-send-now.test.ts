import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  digestErrorCodes,
  newsletterErrorCodes,
  type AdminDigestPreview,
  type AdminDigestSent,
  type AdminNewsletter,
} from '@si/contracts';
import { runCommand } from '../src/cli/commands.ts';
import { loadConfig } from '../src/config.ts';
import { startAppWithMailbox, stopAppWithMailbox } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { linkIn, type Mailbox } from './support/mailbox.ts';
import { signUpOperator } from './support/operators.ts';
import { TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

let ctx: TestContext;
let mailbox: Mailbox;
let operator: Agent;

beforeAll(async () => {
  ({ ctx, mailbox } = await startAppWithMailbox());
  operator = (await signUpOperator(ctx, 'send-now-operator@example.org')).browser;
}, 60_000);

afterAll(async () => {
  await stopAppWithMailbox(ctx, mailbox);
});

const WELCOME = /Welcome to the Scaling Impact newsletter/;
const subscribe = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
async function confirmationToken(to: string): Promise<string> {
  await ctx.app.emailRelay.drain();
  const email = mailbox.latest(to, /Confirm your subscription/);
  return linkIn(email, '/newsletter/confirm').searchParams.get('token')!;
}
const overview = async () =>
  (await operator.get<{ data: AdminNewsletter }>('/api/admin/newsletter')).body.data;
const preview = async () =>
  (await operator.get<{ data: AdminDigestPreview }>('/api/admin/newsletter/digest-preview')).body
    .data;
const sendNow = () =>
  operator.call<{ data: AdminDigestSent; error?: { code: string; message: string } }>(
    'POST',
    '/api/admin/newsletter/digest-send',
  );
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
/** How many emails of `subject` each address was queued. */
async function queuedPerAddress(subject: string): Promise<Map<string, number>> {
  const found = await rows<{ recipient: string; n: number }>(sql`
    select recipient, count(*)::int as n from email_outbox where subject = ${subject}
    group by recipient`);
  return new Map(found.map((row) => [row.recipient, row.n]));
}
/** `count` subscribers confirmed a minute ago, as the link makes them. */
async function confirmedSubscribers(prefix: string, count: number) {
  await ctx.database.db.execute(sql`
    insert into newsletter_subscribers (email, confirmed_at)
    select ${prefix} || '-' || n || '@example.org', now() - interval '1 minute'
    from generate_series(1, ${count}) as n`);
}
/** An organization first published just after the start of `month` ('YYYY-MM-01'). */
async function publishedIn(month: string, name: string) {
  const id = await createOrganization(ctx.database.db, {
    name,
    description: `${name} plants trees with schools. And more.`,
  });
  await ctx.database.db.execute(sql`
    update organization_first_published set at = ${`${month}T00:00:01Z`}::timestamptz
    where organization_id = ${id}`);
  return id;
}
const monthAfter = (month: string, months = 1) => {
  const start = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1, 6));
};
const monthName = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `npm run cli -- ...` on the test database and its DATA_DIR, as the server would run it. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const log: string[] = [];
  const code = await runCommand(argv, {
    database: ctx.database,
    storage: ctx.app.storage,
    config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, DATA_DIR: ctx.dataDir }),
    log: pino({ level: 'error' }, { write: (line) => log.push(line) }),
    output: { out: (line) => out.push(line), err: (line) => log.push(line) },
  });
  return { code, out, log: log.join('\n') };
}

describe('the welcome email', { timeout: 60_000 }, () => {
  it('is sent once per confirmation, with the one-click way out and its headers', async () => {
    await subscribe('welcome@example.org');
    const token = await confirmationToken('welcome@example.org');
    expect((await confirm(token)).statusCode).toBe(200);
    // Queued with the confirmation: in the outbox before any relay has run.
    expect(
      await rows(sql`select 1 from email_outbox where recipient = 'welcome@example.org'
        and subject = 'Welcome to the Scaling Impact newsletter' and sent_at is null`),
    ).toHaveLength(1);
    // The link again is refused, and sends nothing more.
    expect((await confirm(token)).json().error.code).toBe(newsletterErrorCodes.linkInvalid);
    await ctx.app.emailRelay.drain();
    const welcomes = mailbox.to('welcome@example.org').filter((m) => WELCOME.test(m.subject));
    expect(welcomes).toHaveLength(1);
    const email = welcomes[0]!;
    expect(email.text).toContain('welcome@example.org is now subscribed');
    const unsubscribe = linkIn(email, '/api/newsletter/unsubscribe');
    expect(email.headers['list-unsubscribe']).toBe(`<${unsubscribe.href}>`);
    expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(email.html).toContain(unsubscribe.href.replace(/&/g, '&#38;'));

    // The mail client's one-click POST, with no session, takes the address off.
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
    expect(
      await rows(sql`select 1 from newsletter_subscribers where email = 'welcome@example.org'`),
    ).toEqual([]);
  });

  it('is not sent for a link that has expired', async () => {
    await subscribe('too-late@example.org');
    const token = await confirmationToken('too-late@example.org');
    await ctx.database.db.execute(sql`update newsletter_subscribers
      set confirmation_sent_at = now() - interval '8 days' where email = 'too-late@example.org'`);
    expect((await confirm(token)).statusCode).toBe(410);
    expect(await queuedPerAddress('Welcome to the Scaling Impact newsletter')).not.toContain(
      'too-late@example.org',
    );
  });
});

describe('the next digest, previewed and sent now', { timeout: 60_000 }, () => {
  it('refuses to send a digest that holds nobody, from the console and the CLI', async () => {
    const next = await preview();
    expect(next.organizations).toEqual([]);
    expect(next.refusal).toMatch(/there is nothing to send/);
    const refused = await sendNow();
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe(digestErrorCodes.nothingNew);
    const command = await cli('newsletter', 'digest-send');
    expect(command.code).toBe(1);
    expect(command.log).toContain('there is nothing to send');
    expect((await overview()).lastDigest).toBeNull();
  });

  it('sends to the confirmed subscribers once; a second send and the job send nothing more', async () => {
    const month = (await preview()).month;
    const organization = await publishedIn(month, 'Send Now Forest');
    await confirmedSubscribers('now', 3);
    await subscribe('now-pending@example.org');
    await operator.call('PUT', '/api/admin/newsletter/line', { line: 'Early this month.' });

    const next = await preview();
    const subject = `New on Scaling Impact: ${monthName(new Date(`${month}T00:00:00Z`))}`;
    const { confirmed } = await overview();
    expect(next).toMatchObject({
      month,
      subject,
      line: 'Early this month.',
      recipients: confirmed,
      refusal: null,
    });
    expect(next.organizations).toContainEqual({
      id: organization,
      name: 'Send Now Forest',
      line: 'Send Now Forest plants trees with schools.',
    });

    const sent = await sendNow();
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({
      month,
      organizations: next.organizations.length,
      queued: confirmed,
    });
    const perAddress = await queuedPerAddress(subject);
    expect(perAddress.size).toBe(confirmed);
    expect(perAddress.has('now-1@example.org')).toBe(true);
    expect(perAddress.has('now-pending@example.org')).toBe(false);
    await ctx.app.emailRelay.drain();
    const email = mailbox.latest('now-2@example.org', /New on Scaling Impact/);
    expect(email.text).toContain('Early this month.');
    expect(email.text).toContain('Send Now Forest');
    expect(email.headers['list-unsubscribe']).toBe(
      `<${linkIn(email, '/api/newsletter/unsubscribe').href}>`,
    );

    // Once a month: the console and the CLI are refused, with the reason, and nothing is queued.
    const again = await sendNow();
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe(digestErrorCodes.alreadySent);
    expect(again.body.error?.message).toMatch(/^The digest of \w+ \d{4} went out on /);
    const refused = await preview();
    expect(refused).toMatchObject({ month, recipients: confirmed });
    expect(refused.refusal).toBe(again.body.error?.message);
    const command = await cli('newsletter', 'digest-send');
    expect(command.code).toBe(1);
    expect(command.log).toContain('went out on');
    // The job, in the first days of the next month, has that month's digest sent already.
    expect(await ctx.app.jobs.sendNewsletterDigest(monthAfter(month))).toBe(0);
    expect([...(await queuedPerAddress(subject)).values()].every((n) => n === 1)).toBe(true);
    expect((await queuedPerAddress(subject)).size).toBe(confirmed);

    expect((await overview()).lastDigest).toMatchObject({
      month,
      queued: confirmed,
      organizations: next.organizations.length,
    });
    const audit = await operator.get<{ data: { action: string; targetId: string }[] }>(
      '/api/admin/audit?q=newsletter',
    );
    expect(audit.body.data.filter((entry) => entry.action === 'newsletter.digest-send')).toEqual([
      expect.objectContaining({ targetId: month }),
    ]);
  });

  it('leaves nobody out: one first published after an early send is in the next digest', async () => {
    const earlier = (await overview()).lastDigest!.month;
    await createOrganization(ctx.database.db, { name: 'After The Send' });
    const following = monthAfter(earlier);
    const subject = `New on Scaling Impact: ${monthName(following)}`;
    const queued = await ctx.app.jobs.sendNewsletterDigest(monthAfter(earlier, 2));
    expect(queued).toBe((await overview()).confirmed);
    await ctx.app.emailRelay.drain();
    const email = mailbox.latest('now-3@example.org', /New on Scaling Impact/);
    expect(email.subject).toBe(subject);
    expect(email.text).toContain('After The Send');
    expect(email.text).not.toContain('Send Now Forest');
  });

  it('is for operators only', async () => {
    const reader = createAgent(ctx.app);
    expect((await reader.get('/api/admin/newsletter/digest-preview')).status).toBe(401);
    expect((await reader.call('POST', '/api/admin/newsletter/digest-send')).status).toBe(401);
  });
});

describe('the CLI', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    // A new installation: no digest sent yet.
    await stopAppWithMailbox(ctx, mailbox);
    ({ ctx, mailbox } = await startAppWithMailbox());
    operator = (await signUpOperator(ctx, 'cli-operator@example.org')).browser;
  }, 60_000);

  it('previews the next digest and sends it now, once, in the audit log', async () => {
    const empty = await cli('newsletter', 'digest-preview');
    expect(empty.code).toBe(0);
    expect(empty.out.at(-1)).toMatch(/there is nothing to send/);

    const { month, subject } = await preview();
    await publishedIn(month, 'Command Line Meadow');
    await confirmedSubscribers('cli', 2);
    const shown = await cli('newsletter', 'digest-preview');
    expect(shown.out).toEqual([
      `${month}\t${subject}`,
      'recipients\t2',
      '- Command Line Meadow\tCommand Line Meadow plants trees with schools.',
      'can be sent now: newsletter digest-send',
    ]);

    const sent = await cli('newsletter', 'digest-send');
    expect(sent.code).toBe(0);
    expect(sent.out).toEqual([`digest of ${month} queued to 2 subscribers (1 organization)`]);
    expect(await queuedPerAddress(subject)).toEqual(
      new Map([
        ['cli-1@example.org', 1],
        ['cli-2@example.org', 1],
      ]),
    );
    const again = await cli('newsletter', 'digest-send');
    expect(again.code).toBe(1);
    expect(again.log).toContain('went out on');
    expect((await cli('newsletter', 'digest-preview')).out.at(-1)).toMatch(/went out on/);
    expect(await ctx.app.jobs.sendNewsletterDigest(monthAfter(month))).toBe(0);
    expect((await queuedPerAddress(subject)).size).toBe(2);

    const audit = await operator.get<{ data: { action: string; actorEmail: string }[] }>(
      '/api/admin/audit?q=newsletter',
    );
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({ action: 'newsletter.digest-send', actorEmail: 'cli' }),
    );
    const unknown = await cli('newsletter', 'digest-later');
    expect(unknown.code).toBe(1);
  });
});
