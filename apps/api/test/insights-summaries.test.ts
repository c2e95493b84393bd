import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Insights } from '@si/contracts';
import { startAppWithMailbox, stopAppWithMailbox, signUp, countRows } from './support/accounts.ts';
import { createOrganization } from './support/factories.ts';
import { linkIn, type Mailbox } from './support/mailbox.ts';
import { addMember } from './support/members.ts';
import { startSecondAppInstance } from './support/second-app-instance.ts';
import type { TestContext } from './support/test-app.ts';

let ctx: TestContext;
let mailbox: Mailbox;

beforeAll(async () => {
  ({ ctx, mailbox } = await startAppWithMailbox());
}, 60_000);

afterAll(async () => {
  await stopAppWithMailbox(ctx, mailbox);
});

/** People's counts for an organization on a day. */
async function counted(organizationId: string, day: string, metric: string, count: number) {
  await ctx.database.db.execute(sql`
    insert into profile_daily_counts (organization_id, day, metric, audience, count)
    values (${organizationId}, ${day}, ${metric}, 'people', ${count})`);
}

describe('the monthly insights summary', () => {
  it("tells each owner last month's numbers once, with a one-click way out that works without signing in", async () => {
    const owner = await signUp(ctx, 'summary-owner@example.org');
    const organizationId = await createOrganization(ctx.database.db, {
      name: 'Summary Works',
      createdBy: owner.id,
    });
    await counted(organizationId, '2026-10-03', 'views', 30);
    await counted(organizationId, '2026-10-20', 'views', 20);
    await counted(organizationId, '2026-10-20', 'impressions', 400);
    await counted(organizationId, '2026-10-21', 'click_website', 6);
    await counted(organizationId, '2026-10-21', 'click_blog', 1);
    await counted(organizationId, '2026-10-30', 'shares', 2);
    await counted(organizationId, '2026-10-12', 'embeds', 1200);
    await counted(organizationId, '2026-09-15', 'views', 40);
    // Not last month: neither November nor August.
    await counted(organizationId, '2026-11-01', 'views', 1000);
    await counted(organizationId, '2026-08-31', 'views', 1000);
    // An unpublished organization gets no summary.
    await createOrganization(ctx.database.db, { createdBy: owner.id, published: false });

    // Mid-month nothing is sent: a server started on the 20th sends no summary of last month.
    expect(await ctx.app.jobs.sendInsightsSummaries(new Date('2026-11-20T09:00:00Z'))).toBe(0);

    // The second process sends through the same mail server: whichever queues the summary,
    // its relay may be the one that sends it.
    const second = await startSecondAppInstance(ctx, { RATE_LIMITS: 'off', SMTP_URL: mailbox.url });
    try {
      const at = new Date('2026-11-01T06:00:00Z');
      const queued = await Promise.all([
        ctx.app.jobs.sendInsightsSummaries(at),
        second.app.jobs.sendInsightsSummaries(at),
      ]);
      expect(queued[0] + queued[1]).toBe(1);
      // A restart, or the next run the same week: nothing again.
      expect(await ctx.app.jobs.sendInsightsSummaries(new Date('2026-11-03T06:00:00Z'))).toBe(0);
    } finally {
      await second.close();
    }
    await ctx.app.emailRelay.drain();
    // The account's verification email aside, one summary.
    const emails = mailbox
      .to('summary-owner@example.org')
      .filter((message) => /summary/.test(message.subject));
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.subject).toBe('Summary Works on Scaling Impact: your October 2026 summary');
    expect(email!.text).toContain('viewed 50 times (+25% on September)');
    expect(email!.text).toContain('appeared 400 times');
    expect(email!.text).toContain('links followed 7 times');
    expect(email!.text).toContain('shared 2 times');
    expect(email!.text).toContain('Its badge and card were shown 1,200 times on other sites.');
    expect(email!.html).toContain('See your insights');
    expect(linkIn(email!, `/dashboard/organizations/${organizationId}/insights`)).toBeTruthy();

    // RFC 8058: the header names the link, and the mail client's POST needs no session.
    const unsubscribe = linkIn(email!, '/api/insights/unsubscribe');
    expect(email!.headers['list-unsubscribe']).toBe(`<${unsubscribe.href}>`);
    expect(email!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
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
    const insights = await owner.browser.get<{ data: Insights }>(
      `/api/organizations/${organizationId}/insights`,
    );
    expect(insights.body.data.monthlyEmail).toBe(false);
    // Turned off: next month's run leaves it out.
    expect(await ctx.app.jobs.sendInsightsSummaries(new Date('2026-12-01T06:00:00Z'))).toBe(0);

    // The owner turns it on again from the dashboard; the link in the email works as a GET too.
    const on = await owner.browser.call(
      'PUT',
      `/api/organizations/${organizationId}/insights/monthly-email`,
      {
        on: true,
      },
    );
    expect(on.status).toBe(200);
    const clicked = await ctx.app.inject({ url: `${unsubscribe.pathname}${unsubscribe.search}` });
    expect(clicked.statusCode).toBe(303);
    expect(clicked.headers.location).toBe('/unsubscribed?list=insights');
    expect(
      (await owner.browser.get<{ data: Insights }>(`/api/organizations/${organizationId}/insights`))
        .body.data.monthlyEmail,
    ).toBe(false);
  });

  it('refuses a forged or altered unsubscribe link and changes nothing', async () => {
    const owner = await signUp(ctx, 'summary-forged@example.org');
    const organizationId = await createOrganization(ctx.database.db, { createdBy: owner.id });
    const other = await createOrganization(ctx.database.db, { createdBy: owner.id });
    // A token made for another organization, a made-up one, none at all.
    const { tokenOf } = await import('../src/adapters/email/unsubscribe-tokens.ts').then((m) =>
      m.unsubscribeTokens('not the server secret', 'insights-monthly-email'),
    );
    for (const query of [
      `organization=${organizationId}&token=${tokenOf(organizationId)}`,
      `organization=${organizationId}&token=abc`,
      `organization=${other}`,
      `organization=not-an-id&token=x`,
    ]) {
      const link = await ctx.app.inject({ url: `/api/insights/unsubscribe?${query}` });
      expect(link.statusCode).toBe(303);
      expect(link.headers.location).toBe('/unsubscribed?list=insights&error=invalid');
      const post = await ctx.app.inject({
        method: 'POST',
        url: `/api/insights/unsubscribe?${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(404);
    }
    expect(
      await countRows(
        ctx,
        sql`select count(*) as n from insights_email_opt_outs where organization_id in (${organizationId}, ${other})`,
      ),
    ).toBe(0);
  });

  it('lets only the owner turn the summary on and off', async () => {
    const owner = await signUp(ctx, 'summary-toggle@example.org');
    const stranger = await signUp(ctx, 'summary-stranger@example.org');
    const organizationId = await createOrganization(ctx.database.db, { createdBy: owner.id });
    const url = `/api/organizations/${organizationId}/insights/monthly-email`;
    expect((await stranger.browser.call('PUT', url, { on: false })).status).toBe(404);
    expect((await owner.browser.call('PUT', url, { on: false })).status).toBe(200);
    expect((await owner.browser.call('PUT', url, { on: 'no' })).status).toBe(400);
  });

  it('goes to each owner (ADR 051), not to an editor, nor to its creator who has left', async () => {
    const creator = await signUp(ctx, 'summary-creator@example.org');
    const people = {
      first: await signUp(ctx, 'summary-first-owner@example.org'),
      second: await signUp(ctx, 'summary-second-owner@example.org'),
      editor: await signUp(ctx, 'summary-editor@example.org'),
    };
    const organizationId = await createOrganization(ctx.database.db, {
      name: 'Team Summary Works',
      createdBy: creator.id,
    });
    await addMember(ctx, organizationId, people.first.id, 'owner');
    await addMember(ctx, organizationId, people.second.id, 'owner');
    await addMember(ctx, organizationId, people.editor.id, 'editor');
    const left = await creator.browser.delete(
      `/api/organizations/${organizationId}/members/${creator.id}`,
      {},
    );
    expect(left.status).toBe(200);
    await counted(organizationId, '2027-01-12', 'views', 9);

    expect(
      await ctx.app.jobs.sendInsightsSummaries(new Date('2027-02-01T06:00:00Z')),
    ).toBeGreaterThanOrEqual(2);
    // Once a month for the organization, however many owners it has.
    expect(await ctx.app.jobs.sendInsightsSummaries(new Date('2027-02-02T06:00:00Z'))).toBe(0);
    await ctx.app.emailRelay.drain();
    const summaries = (email: string) =>
      mailbox.to(email).filter((message) => /Team Summary Works.*summary/.test(message.subject));
    for (const owner of ['summary-first-owner@example.org', 'summary-second-owner@example.org']) {
      const [email, ...more] = summaries(owner);
      expect(more).toEqual([]);
      expect(email!.subject).toBe(
        'Team Summary Works on Scaling Impact: your January 2027 summary',
      );
      expect(email!.text).toContain('viewed 9 times');
      // Nothing embedded: nothing said of it.
      expect(email!.text).not.toContain('other sites');
    }
    expect(summaries('summary-editor@example.org')).toEqual([]);
    expect(summaries('summary-creator@example.org')).toEqual([]);
  });
});
