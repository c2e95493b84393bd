import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminEmail,
  type AdminGuestCode,
  guestCodeTexts,
  type AdminOverview,
  adminTexts,
  adminUserTexts,
  authErrorCodes,
  errorCodes,
  signInMessages,
} from '@si/contracts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { countRows, signUp } from './support/accounts.ts';
import { createOrganization } from './support/factories.ts';
import {
  insertReport,
  operatorCli,
  publishedOrganizationOf,
  signUpOperator,
} from './support/operators.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

type Answer<T> = { data: T; meta?: { total: number }; error?: { code: string; message: string } };
interface Detail {
  organization: {
    id: string;
    state: string;
    published: boolean;
    heldByOperator: boolean;
    ownerEmails: string[];
    openReports: number;
    version: number;
  };
  subscriptions: { plan: string; status: string }[];
  reports: { id: string; status: string; resolution: string | null }[];
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMITS: 'off' });
});
afterAll(() => ctx.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const versionOf = async (id: string) =>
  (await rows<{ version: number }>(sql`select version from organizations where id = ${id}`))[0]!
    .version;
/** The emails queued for `email` about its organizations (its verification email left out). */
const outboxTo = (email: string) =>
  rows<{ subject: string; text: string }>(
    sql`select subject, text from email_outbox where recipient = ${email} and subject not like 'Verify%' order by id`,
  );

describe('operators are made by the CLI only', () => {
  it('grants, lists and revokes, each in the audit log as the CLI', async () => {
    await signUp(ctx, 'grant-me@example.org');
    expect(await operatorCli(ctx, 'grant', 'Grant-Me@example.org')).toEqual([
      expect.stringMatching(/^grant-me@example\.org is now an operator/),
    ]);
    expect(await operatorCli(ctx, 'grant', 'grant-me@example.org')).toEqual([
      'grant-me@example.org is already an operator',
    ]);
    expect((await operatorCli(ctx, 'list')).join('\n')).toMatch(
      /^grant-me@example\.org\toperator since \d{4}-/m,
    );
    expect(await operatorCli(ctx, 'revoke', 'grant-me@example.org')).toEqual([
      'grant-me@example.org is no longer an operator',
    ]);
    expect((await operatorCli(ctx, 'list')).join('\n')).not.toMatch(/grant-me/);
    const audit = await rows<{ actor_id: string; action: string; target_label: string }>(
      sql`select actor_id, action, target_label from audit_log where target_label = 'grant-me@example.org' order by id`,
    );
    expect(audit).toEqual([
      { actor_id: 'cli', action: 'operator.grant', target_label: 'grant-me@example.org' },
      { actor_id: 'cli', action: 'operator.revoke', target_label: 'grant-me@example.org' },
    ]);
  });

  it('refuses an unknown email and changes nothing', async () => {
    await expect(operatorCli(ctx, 'grant', 'nobody@example.org')).rejects.toThrow(
      'No user has the email nobody@example.org',
    );
  });

  it('has no API that makes an operator: the user update ignores the column', async () => {
    const user = await signUp(ctx, 'self-promoter@example.org');
    await user.browser.post('/api/auth/update-user', { operatorSince: new Date().toISOString() });
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from users where email = 'self-promoter@example.org' and operator_since is not null`,
      ),
    ).toBe(0);
    expect((await user.browser.get('/api/admin/me')).status).toBe(403);
  });

  it('takes effect on the next request, and a revoke too', async () => {
    const user = await signUp(ctx, 'next-request@example.org');
    expect((await user.browser.get('/api/admin/me')).status).toBe(403);
    await operatorCli(ctx, 'grant', 'next-request@example.org');
    expect(await user.browser.get('/api/admin/me')).toMatchObject({
      status: 200,
      body: { data: { email: 'next-request@example.org' } },
    });
    await operatorCli(ctx, 'revoke', 'next-request@example.org');
    const refused = await user.browser.get<Answer<never>>('/api/admin/me');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: errorCodes.forbidden,
      message: adminTexts.operatorsOnly,
    });
  });

  it('asks an operator who signed in over 12 hours ago to sign in again', async () => {
    const operator = await signUpOperator(ctx, 'stale@example.org');
    await ctx.database.db.execute(
      sql`update sessions set created_at = now() - interval '13 hours' where user_id = ${operator.id}`,
    );
    const refused = await operator.browser.get<Answer<never>>('/api/admin/organizations');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toEqual({
      code: errorCodes.signInAgain,
      message: adminTexts.signInAgain,
    });
    const fresh = createAgent(ctx.app);
    await fresh.post('/api/auth/sign-in/email', {
      email: 'stale@example.org',
      password: 'secret1',
    });
    expect((await fresh.get('/api/admin/organizations')).status).toBe(200);
  });

  it('never lets a cache keep a console answer', async () => {
    const operator = await signUpOperator(ctx, 'no-store@example.org');
    const answer = await operator.browser.get('/api/admin/organizations');
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });
});

describe('organizations in the console', () => {
  let operator: Agent;
  let owner: { browser: Agent; id: string };
  let organizationId: string;

  beforeAll(async () => {
    operator = (await signUpOperator(ctx, 'console@example.org')).browser;
    owner = await signUp(ctx, 'harbor-owner@example.org');
    organizationId = await publishedOrganizationOf(ctx, owner, 'Harbor Literacy Trust');
    await createOrganization(ctx.database.db, { name: 'Unpaid Draft Co', published: false });
  });

  it('finds an organization by owner email, name or id, and by state', async () => {
    const byEmail = await operator.get<Answer<{ id: string; ownerEmails: string[] }[]>>(
      '/api/admin/organizations?q=HARBOR-OWNER@example',
    );
    expect(byEmail.body.data.map((row) => row.id)).toEqual([organizationId]);
    expect(byEmail.body.data[0]!.ownerEmails).toEqual(['harbor-owner@example.org']);
    const byName = await operator.get<Answer<{ id: string }[]>>(
      '/api/admin/organizations?q=literacy',
    );
    expect(byName.body.data.map((row) => row.id)).toEqual([organizationId]);
    const byId = await operator.get<Answer<{ id: string }[]>>(
      `/api/admin/organizations?q=${organizationId}`,
    );
    expect(byId.body.data.map((row) => row.id)).toEqual([organizationId]);
    const unpaid = await operator.get<Answer<{ name: string; state: string }[]>>(
      '/api/admin/organizations?state=unpaid',
    );
    expect(unpaid.body.data.map((row) => row.name)).toContain('Unpaid Draft Co');
    expect(unpaid.body.data.every((row) => row.state === 'unpaid')).toBe(true);
    // A pattern's own characters are taken literally.
    const literal = await operator.get<Answer<unknown[]>>('/api/admin/organizations?q=%25');
    expect(literal.body.data).toEqual([]);
  });

  it('refuses a bad filter with a clear error', async () => {
    const refused = await operator.get<Answer<never>>('/api/admin/organizations?state=gone');
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe(errorCodes.validation);
  });

  it('holds with a reason the owner receives, refuses a stale version, and releases', async () => {
    const version = await versionOf(organizationId);
    const stale = await operator.post<Answer<never>>(
      `/api/admin/organizations/${organizationId}/hold`,
      { reason: 'Checking a complaint', version: version + 1 },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(adminTexts.changedMeanwhile);
    expect((await ctx.app.inject(`/api/organizations/${organizationId}`)).statusCode).toBe(200);

    const noReason = await operator.post<Answer<never>>(
      `/api/admin/organizations/${organizationId}/hold`,
      { reason: '  ', version },
    );
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain(adminTexts.reasonRequired);

    const held = await operator.post<Answer<Detail>>(
      `/api/admin/organizations/${organizationId}/hold`,
      { reason: 'Checking a complaint about <b>fake</b> claims', version },
    );
    expect(held.status).toBe(200);
    expect(held.body.data.organization).toMatchObject({
      state: 'held',
      published: false,
      heldByOperator: true,
    });
    expect((await ctx.app.inject(`/api/organizations/${organizationId}`)).statusCode).toBe(404);
    const email = (await outboxTo('harbor-owner@example.org')).at(-1);
    expect(email!.subject).toBe('Harbor Literacy Trust is on hold');
    expect(email!.text).toContain('Checking a complaint about <b>fake</b> claims');

    const released = await operator.post<Answer<Detail>>(
      `/api/admin/organizations/${organizationId}/release`,
      { reason: 'Complaint answered', version },
    );
    expect(released.body.data.organization).toMatchObject({
      state: 'published',
      published: true,
      heldByOperator: false,
    });
    expect((await ctx.app.inject(`/api/organizations/${organizationId}`)).statusCode).toBe(200);
    expect((await outboxTo('harbor-owner@example.org')).map((row) => row.subject)).toEqual([
      expect.stringMatching(/is live/),
      'Harbor Literacy Trust is on hold',
      'Harbor Literacy Trust is no longer on hold',
    ]);

    const audit = await operator.get<Answer<{ action: string; reason: string }[]>>(
      `/api/admin/audit?q=${organizationId}`,
    );
    expect(audit.body.data.map(({ action, reason }) => ({ action, reason }))).toEqual([
      { action: 'organization.release', reason: 'Complaint answered' },
      { action: 'organization.hold', reason: 'Checking a complaint about <b>fake</b> claims' },
    ]);
  });

  it("shows the owner, the subscription history and the organization's reports", async () => {
    const reportId = await insertReport(ctx, organizationId, { details: 'Looks copied' });
    const detail = await operator.get<Answer<Detail>>(`/api/admin/organizations/${organizationId}`);
    expect(detail.body.data.organization).toMatchObject({
      ownerEmails: ['harbor-owner@example.org'],
      openReports: 1,
    });
    expect(detail.body.data.subscriptions).toEqual([
      expect.objectContaining({ plan: 'guest', status: 'paid' }),
    ]);
    expect(detail.body.data.reports).toEqual([
      expect.objectContaining({ id: reportId, status: 'open' }),
    ]);
    const missing = await operator.get(
      '/api/admin/organizations/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
  });
});

describe('the reports queue', () => {
  let operator: Agent;
  let owner: { browser: Agent; id: string };

  beforeAll(async () => {
    operator = (await signUpOperator(ctx, 'moderator@example.org')).browser;
    owner = await signUp(ctx, 'reported-owner@example.org');
  });

  it('lists open reports oldest first', async () => {
    const first = await createOrganization(ctx.database.db, { name: 'Queue First' });
    const second = await createOrganization(ctx.database.db, { name: 'Queue Second' });
    const older = await insertReport(ctx, second, { createdAt: new Date('2026-01-01') });
    const newer = await insertReport(ctx, first, { createdAt: new Date('2026-01-02') });
    const queue = await operator.get<Answer<{ id: string }[]>>('/api/admin/reports');
    const ids = queue.body.data.map((row) => row.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
  });

  it('resolves by holding: every open report of the profile, the owner emailed, recorded', async () => {
    const organizationId = await publishedOrganizationOf(ctx, owner, 'Reported Relief Fund');
    // A second apart: two reports made within one millisecond would have no order.
    const one = await insertReport(ctx, organizationId, {
      reason: 'offensive',
      createdAt: new Date(Date.now() - 1000),
    });
    const two = await insertReport(ctx, organizationId, { reason: 'spam' });
    const resolved = await operator.post(`/api/admin/reports/${one}/resolve`, {
      action: 'hold',
      reason: 'Offensive wording in the mission',
    });
    expect(resolved.status).toBe(204);
    const reports = await rows<{ id: string; status: string; resolution: string }>(
      sql`select id, status, resolution from profile_reports where organization_id = ${organizationId} order by created_at`,
    );
    expect(reports).toEqual([
      { id: one, status: 'held', resolution: 'Offensive wording in the mission' },
      { id: two, status: 'held', resolution: 'Offensive wording in the mission' },
    ]);
    expect((await ctx.app.inject(`/api/organizations/${organizationId}`)).statusCode).toBe(404);
    expect((await outboxTo('reported-owner@example.org')).map((row) => row.subject)).toContain(
      'Reported Relief Fund is on hold',
    );
    const again = await operator.post<Answer<never>>(`/api/admin/reports/${two}/resolve`, {
      action: 'dismiss',
      reason: 'Twice',
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(adminTexts.alreadyResolved);
    const audit = await rows<{ action: string; actor_email: string }>(
      sql`select action, actor_email from audit_log where target_id in (${one}, ${organizationId}) order by id`,
    );
    expect(audit).toEqual([
      { action: 'report.hold', actor_email: 'moderator@example.org' },
      { action: 'organization.hold', actor_email: 'moderator@example.org' },
    ]);
  });

  it('resolves by dismissing, and the profile stays public', async () => {
    const organizationId = await createOrganization(ctx.database.db, { name: 'Fine Garden' });
    const report = await insertReport(ctx, organizationId);
    await operator.post(`/api/admin/reports/${report}/resolve`, {
      action: 'dismiss',
      reason: 'Nothing wrong',
    });
    expect((await ctx.app.inject(`/api/organizations/${organizationId}`)).statusCode).toBe(200);
    const resolved = await operator.get<Answer<{ id: string; status: string }[]>>(
      '/api/admin/reports?status=resolved',
    );
    expect(resolved.body.data).toContainEqual(
      expect.objectContaining({ id: report, status: 'dismissed' }),
    );
  });

  it('resolves by deleting: the organization goes, the report still reads', async () => {
    const organizationId = await createOrganization(ctx.database.db, { name: 'Scam Lottery Org' });
    const report = await insertReport(ctx, organizationId, { details: 'Asks for money' });
    const deleted = await operator.post(`/api/admin/reports/${report}/resolve`, {
      action: 'delete',
      reason: 'A scam',
    });
    expect(deleted.status).toBe(204);
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from organizations where id = ${organizationId}`,
      ),
    ).toBe(0);
    const resolved = await operator.get<Answer<Record<string, unknown>[]>>(
      '/api/admin/reports?status=resolved',
    );
    expect(resolved.body.data).toContainEqual(
      expect.objectContaining({
        id: report,
        organizationId: null,
        organizationName: 'Scam Lottery Org',
        status: 'deleted',
        details: 'Asks for money',
      }),
    );
  });
});

describe('the audit log', () => {
  it('cannot be changed or deleted, even by SQL the product might run', async () => {
    await signUp(ctx, 'audited@example.org');
    await operatorCli(ctx, 'grant', 'audited@example.org');
    await expect(
      ctx.database.db.execute(sql`update audit_log set reason = 'edited'`),
    ).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await countRows(ctx, sql`select count(*)::int as n from audit_log`)).toBeGreaterThan(0);
  });
});

describe('users in the console', () => {
  let operator: Agent;

  beforeAll(async () => {
    operator = (await signUpOperator(ctx, 'people@example.org')).browser;
  });

  it('finds users by email or name, never guests', async () => {
    await signUp(ctx, 'findable.person@example.org');
    const guest = createAgent(ctx.app);
    await guest.post('/api/auth/sign-in/anonymous');
    const found = await operator.get<Answer<{ email: string; operator: boolean }[]>>(
      '/api/admin/users?q=FINDABLE',
    );
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([
      expect.objectContaining({ email: 'findable.person@example.org', operator: false }),
    ]);
    const all = await operator.get<Answer<{ email: string }[]>>('/api/admin/users');
    expect(all.body.data.some((row) => row.email.includes('anonymous'))).toBe(false);
  });

  it('disables a user: sessions end, sign-in refused, profiles held; re-enabling undoes it', async () => {
    const owner = await signUp(ctx, 'to-disable@example.org');
    const organizationId = await publishedOrganizationOf(ctx, owner, 'Disabled Owner Org');
    const disabled = await operator.post(`/api/admin/users/${owner.id}/disable`, {
      reason: 'Abusive messages to visitors',
    });
    expect(disabled.status).toBe(204);
    expect((await owner.browser.get('/api/users/organizations')).status).toBe(401);
    const signIn = await createAgent(ctx.app).post<Answer<never>>('/api/auth/sign-in/email', {
      email: 'to-disable@example.org',
      password: 'secret1',
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error).toEqual({
      code: authErrorCodes.userDisabled,
      message: signInMessages.userDisabled,
    });
    expect((await ctx.app.inject(`/api/organizations/${organizationId}`)).statusCode).toBe(404);
    const detail = await operator.get<Answer<{ user: { disabled: boolean } }>>(
      `/api/admin/users/${owner.id}`,
    );
    expect(detail.body.data.user.disabled).toBe(true);

    await operator.post(`/api/admin/users/${owner.id}/enable`, { reason: 'Apologized' });
    const again = createAgent(ctx.app);
    expect(
      (
        await again.post('/api/auth/sign-in/email', {
          email: 'to-disable@example.org',
          password: 'secret1',
        })
      ).status,
    ).toBe(200);
    expect((await ctx.app.inject(`/api/organizations/${organizationId}`)).statusCode).toBe(200);
    const audit = await operator.get<Answer<{ action: string }[]>>(
      `/api/admin/audit?q=${owner.id}`,
    );
    expect(audit.body.data.map((row) => row.action)).toEqual(['user.enable', 'user.disable']);
  });

  it('will not disable or delete an operator (the CLI revokes first)', async () => {
    const other = await signUpOperator(ctx, 'other-operator@example.org');
    const refused = await operator.post<Answer<never>>(`/api/admin/users/${other.id}/disable`, {
      reason: 'Testing',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(adminUserTexts.notForOperators);
  });

  it('deletes a user with everything they own', async () => {
    const owner = await signUp(ctx, 'to-delete@example.org');
    const organizationId = await publishedOrganizationOf(ctx, owner, 'Deleted Owner Org');
    const deleted = await operator.post(`/api/admin/users/${owner.id}/delete`, {
      reason: 'Asked by email to be removed',
    });
    expect(deleted.status).toBe(204);
    expect(
      await countRows(ctx, sql`select count(*)::int as n from users where id = ${owner.id}`),
    ).toBe(0);
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from organizations where id = ${organizationId}`,
      ),
    ).toBe(0);
    const audit = await operator.get<Answer<{ action: string; targetLabel: string }[]>>(
      '/api/admin/audit?q=to-delete@example.org',
    );
    expect(audit.body.data[0]).toMatchObject({
      action: 'user.delete',
      targetLabel: 'to-delete@example.org',
    });
  });
});

describe('the overview and email', () => {
  let operator: Agent;

  beforeAll(async () => {
    operator = (await signUpOperator(ctx, 'overview@example.org')).browser;
  });

  it('counts organizations by state, revenue by plan, reports, and 90 days of activity', async () => {
    const before = (await operator.get<Answer<AdminOverview>>('/api/admin/overview')).body.data;
    const owner = await signUp(ctx, 'overview-owner@example.org');
    await publishedOrganizationOf(ctx, owner, 'Overview Guest Org');
    await createOrganization(ctx.database.db, { name: 'Overview Unpaid', published: false });
    const after = (await operator.get<Answer<AdminOverview>>('/api/admin/overview')).body.data;
    expect(after.organizations.published).toBe(before.organizations.published + 1);
    expect(after.organizations.unpaid).toBe(before.organizations.unpaid + 1);
    expect(after.activeSubscriptions.guest).toBe(before.activeSubscriptions.guest + 1);
    // A guest grant earns nothing.
    expect(after.monthlyRecurringCents).toBe(before.monthlyRecurringCents);
    expect(after.newUsers30Days).toBe(before.newUsers30Days + 1);
    expect(after.days).toHaveLength(90);
    const today = after.days.at(-1)!;
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today.signUps).toBe(before.days.at(-1)!.signUps + 1);
    expect(today.publications).toBe(before.days.at(-1)!.publications + 1);
  });

  it('lists emails with their state and resends a failed one, recorded', async () => {
    // A failed email of its own (the relay may be sending the sign-up's email at this moment).
    const { id: userId } = await signUp(ctx, 'mail-failed@example.org');
    await ctx.database.db.execute(
      sql`insert into email_outbox (user_id, recipient, subject, text, html, attempts, failed_at, last_error)
        values (${userId}, 'mail-failed@example.org', 'Your receipt', 'Thanks', '<p>Thanks</p>', 10, now(), 'mailbox full')`,
    );
    const failed = await operator.get<Answer<AdminEmail[]>>('/api/admin/emails?status=failed');
    const email = failed.body.data.find((row) => row.subject === 'Your receipt')!;
    expect(email).toMatchObject({
      state: 'failed',
      attempts: 10,
      lastError: 'mailbox full',
      resendable: true,
    });
    expect((await operator.post(`/api/admin/emails/${email.id}/resend`)).status).toBe(204);
    // Back in the queue with a fresh count (the relay may already have taken it once since).
    const [row] = await rows<{ failed_at: Date | null; attempts: number }>(
      sql`select failed_at, attempts from email_outbox where id = ${email.id}`,
    );
    expect(row!.failed_at).toBeNull();
    expect(row!.attempts).toBeLessThanOrEqual(1);
    const audit = await operator.get<Answer<{ action: string }[]>>(
      '/api/admin/audit?q=email.resend',
    );
    expect(audit.body.data[0]!.action).toBe('email.resend');
    const missing = await operator.post<Answer<never>>('/api/admin/emails/999999999/resend');
    expect(missing.status).toBe(404);
  });
});

describe('payments in the console', () => {
  let operator: Agent;

  beforeAll(async () => {
    operator = (await signUpOperator(ctx, 'cashier@example.org')).browser;
  });

  it('creates, lists and disables guest codes, each recorded', async () => {
    const created = await operator.post<Answer<AdminGuestCode[]>>('/api/admin/guest-codes', {
      code: 'Spring-Partners',
      maxUses: 3,
      grantMonths: 6,
      lastDay: '2099-12-31',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toContainEqual(
      expect.objectContaining({ code: 'Spring-Partners', state: 'active', uses: 0, maxUses: 3 }),
    );
    const again = await operator.post<Answer<never>>('/api/admin/guest-codes', {
      code: 'spring-partners',
      maxUses: 1,
      grantMonths: 1,
      lastDay: '2099-12-31',
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(guestCodeTexts.exists('spring-partners'));
    const past = await operator.post<Answer<never>>('/api/admin/guest-codes', {
      code: 'Too-Late',
      maxUses: 1,
      grantMonths: 1,
      lastDay: '2020-01-01',
    });
    expect(past.body.error?.message).toBe(guestCodeTexts.expiresInPast);
    const badCode = await operator.post<Answer<never>>('/api/admin/guest-codes', {
      code: 'no spaces',
      maxUses: 0,
      grantMonths: 1,
      lastDay: '2099-01-01',
    });
    expect(badCode.status).toBe(400);
    expect(JSON.stringify(badCode.body)).toContain(guestCodeTexts.codeFormat);
    expect(JSON.stringify(badCode.body)).toContain(guestCodeTexts.usesRange);

    const disabled = await operator.post<Answer<AdminGuestCode[]>>(
      '/api/admin/guest-codes/SPRING-PARTNERS/disable',
      { reason: 'Partnership ended' },
    );
    expect(disabled.body.data).toContainEqual(
      expect.objectContaining({ code: 'Spring-Partners', state: 'disabled' }),
    );
    const audit = await operator.get<Answer<{ action: string }[]>>(
      '/api/admin/audit?q=Spring-Partners',
    );
    expect(audit.body.data.map((row) => row.action)).toEqual([
      'guest-code.disable',
      'guest-code.create',
    ]);
  });

  it('lists subscriptions with plan, amount, status and dates', async () => {
    const owner = await signUp(ctx, 'subscriber@example.org');
    const organizationId = await publishedOrganizationOf(ctx, owner, 'Subscribed Org');
    const list = await operator.get<Answer<Record<string, unknown>[]>>('/api/admin/subscriptions');
    expect(list.body.data).toContainEqual(
      expect.objectContaining({
        organizationId,
        organizationName: 'Subscribed Org',
        plan: 'guest',
        provider: 'guest',
        status: 'paid',
        amountCents: 0,
        published: true,
      }),
    );
  });
});
