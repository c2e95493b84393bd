import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Insights } from '@si/contracts';
import { createTestApp, type TestContext } from './support/test-app.ts';
import { createOrganization } from './support/factories.ts';
import { signUp } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { signUpOperator } from './support/operators.ts';
import { startSecondAppInstance } from './support/second-app-instance.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SLACK_PREVIEWER = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

let ctx: TestContext;
let owner: { browser: Agent; id: string };
let organizationId: string;
let visitorIp = 0;

/** A visitor from an address of their own, sending a browser's (or another) user agent. */
function visitor(userAgent = BROWSER) {
  visitorIp += 1;
  const agent = createAgent(ctx.app, { ip: `198.51.100.${visitorIp}` });
  return {
    get: (url: string) => agent.call('GET', url, undefined, { 'user-agent': userAgent }),
  };
}

/** The owner's insights of the last 7 days, once every count held in memory is written. */
async function insightsOf(id = organizationId, as: Agent = owner.browser, app = ctx.app) {
  await app.insights.flush();
  const answer = await as.get<{ data: Insights }>(`/api/organizations/${id}/insights?days=7`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  ctx = await createTestApp({
    RATE_LIMITS: 'off',
    INSIGHTS_CLIENT_CAP: '10',
    TRUST_PROXY: 'loopback',
  });
  owner = await signUp(ctx, 'insights-owner@example.org');
  organizationId = await createOrganization(ctx.database.db, {
    name: 'Aardvark Counted Trust',
    createdBy: owner.id,
    websiteUrl: 'https://counted.example.org/about',
    linkedinUrl: null,
  });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('counting what a profile earns', () => {
  it("counts a person's directory page, profile view, link click and share, each once", async () => {
    const before = await insightsOf();
    const person = visitor();
    const list = await person.get('/api/organizations?q=Aardvark');
    expect(list.status).toBe(200);
    expect(await person.get(`/api/organizations/${organizationId}`)).toMatchObject({ status: 200 });
    const click = await person.get(`/out/${organizationId}/website`);
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe('https://counted.example.org/about');
    expect((await person.get(`/og/organizations/${organizationId}.png`)).status).toBe(200);

    const after = await insightsOf();
    expect(after.totals.impressions - before.totals.impressions).toBe(1);
    expect(after.totals.views - before.totals.views).toBe(1);
    expect(after.totals.clicks.website - before.totals.clicks.website).toBe(1);
    expect(after.totals.shares - before.totals.shares).toBe(1);
    expect(after.bots).toEqual(before.bots);
    // Today's entry carries them; the seven days are all there, zeros included.
    expect(after.daily).toHaveLength(7);
    expect(after.daily.at(-1)!.day).toBe(after.to);
    expect(after.daily.at(-1)!.views).toBe(after.totals.views);
  });

  it('counts known bots and link previewers apart from people', async () => {
    const before = await insightsOf();
    await visitor(GOOGLEBOT).get(`/api/organizations/${organizationId}`);
    await visitor(GOOGLEBOT).get('/api/organizations?q=Aardvark');
    await visitor(SLACK_PREVIEWER).get(`/og/organizations/${organizationId}.png`);
    // A client that says nothing of itself is not taken for a person.
    await visitor('').get(`/api/organizations/${organizationId}`);
    const after = await insightsOf();
    expect(after.totals).toEqual(before.totals);
    expect(after.bots.views - before.bots.views).toBe(2);
    expect(after.bots.impressions - before.bots.impressions).toBe(1);
    expect(after.bots.shares - before.bots.shares).toBe(1);
  });

  it("leaves out the owner's own visits, not another signed-in visitor's", async () => {
    const before = await insightsOf();
    const asBrowser = { 'user-agent': BROWSER };
    await owner.browser.call('GET', `/api/organizations/${organizationId}`, undefined, asBrowser);
    await owner.browser.call('GET', '/api/organizations?q=Aardvark', undefined, asBrowser);
    const other = await signUp(ctx, 'insights-other@example.org');
    await other.browser.call('GET', `/api/organizations/${organizationId}`, undefined, asBrowser);
    // Each visit is kept or left out once its session is read, after the answer: the other
    // visitor's, read last, is counted once the owner's were decided.
    await expect
      .poll(async () => (await insightsOf()).totals.views - before.totals.views, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(1);
    const after = await insightsOf();
    expect(after.totals.views - before.totals.views).toBe(1);
    expect(after.totals.impressions).toBe(before.totals.impressions);
  });

  it('caps a flood of views from one address, and still answers every request', async () => {
    const before = await insightsOf();
    const flooder = visitor();
    for (let index = 0; index < 30; index += 1) {
      expect((await flooder.get(`/api/organizations/${organizationId}`)).status).toBe(200);
    }
    await visitor().get(`/api/organizations/${organizationId}`);
    const after = await insightsOf();
    expect(after.totals.views - before.totals.views).toBe(10 + 1);
  });

  it('adds up exactly what several processes count', async () => {
    const second = await startSecondAppInstance(ctx, {
      RATE_LIMITS: 'off',
      TRUST_PROXY: 'loopback',
      INSIGHTS_FLUSH_MS: '100000',
    });
    try {
      const before = await insightsOf();
      for (let index = 0; index < 7; index += 1) {
        const address = `203.0.113.${index + 1}`;
        for (const app of [ctx.app, second.app]) {
          await app.inject({
            url: `/api/organizations/${organizationId}`,
            headers: { 'user-agent': BROWSER, 'x-forwarded-for': address },
          });
        }
      }
      await second.app.insights.flush();
      const after = await insightsOf();
      expect(after.totals.views - before.totals.views).toBe(14);
    } finally {
      await second.close();
    }
  });

  it('keeps the counts a failed write held, and writes them with the next batch', async () => {
    const before = await insightsOf();
    await visitor().get(`/api/organizations/${organizationId}`);
    await ctx.database.db.execute(
      sql`alter table profile_daily_counts rename to profile_daily_counts_away`,
    );
    try {
      await ctx.app.insights.flush();
    } finally {
      await ctx.database.db.execute(
        sql`alter table profile_daily_counts_away rename to profile_daily_counts`,
      );
    }
    const after = await insightsOf();
    expect(after.totals.views - before.totals.views).toBe(1);
  });
});

describe('GET /out/:id/:link', () => {
  it('goes only to the published profile’s own link of that kind, and says no more otherwise', async () => {
    const unpublished = await createOrganization(ctx.database.db, {
      createdBy: owner.id,
      published: false,
      websiteUrl: 'https://hidden.example.org',
    });
    const person = visitor();
    const refusals = await Promise.all([
      person.get(`/out/${organizationId}/linkedin`), // no such link on the profile
      person.get(`/out/${organizationId}/homepage`), // not a kind the product emits
      person.get(`/out/${unpublished}/website`),
      person.get(`/out/00000000-0000-4000-8000-000000000000/website`),
      person.get(`/out/not-an-id/website`),
    ]);
    for (const refused of refusals) {
      expect(refused.status).toBe(404);
      expect(refused.headers.location).toBeUndefined();
    }
    // An unpublished profile is refused as one that does not exist: nothing to probe.
    const [, , hidden, missing] = refusals;
    expect((hidden!.body as { error: { code: string } }).error.code).toBe(
      (missing!.body as { error: { code: string } }).error.code,
    );
    expect(JSON.stringify(hidden!.body)).not.toContain('hidden.example.org');
  });
});

describe('the ways to support (ADR 042)', () => {
  it('follows the donate and volunteer links as the others, each counted apart, CSV included', async () => {
    const id = await createOrganization(ctx.database.db, { createdBy: owner.id });
    await ctx.database.db.execute(sql`
      update organizations set donate_url = 'https://give.example.org/now',
        volunteer_url = 'https://help.example.org' where id = ${id}`);
    const before = await insightsOf(id);
    const donate = await visitor().get(`/out/${id}/donate`);
    expect(donate.status).toBe(302);
    expect(donate.headers.location).toBe('https://give.example.org/now');
    expect(donate.headers['cache-control']).toBe('no-store');
    expect(donate.headers['referrer-policy']).toBe('origin');
    expect((await visitor().get(`/out/${id}/donate`)).status).toBe(302);
    const volunteer = await visitor().get(`/out/${id}/volunteer`);
    expect(volunteer.headers.location).toBe('https://help.example.org');

    const after = await insightsOf(id);
    expect(after.totals.clicks.donate - before.totals.clicks.donate).toBe(2);
    expect(after.totals.clicks.volunteer - before.totals.clicks.volunteer).toBe(1);
    expect(after.totals.clicks.website).toBe(before.totals.clicks.website);
    const csv = await owner.browser.get<string>(`/api/organizations/${id}/insights.csv?days=7`);
    const [header, ...rows] = csv.body.trim().split('\r\n');
    const today = Object.fromEntries(
      header!.split(',').map((column, index) => [column, rows.at(-1)!.split(',')[index]]),
    );
    expect(today).toMatchObject({ audience: 'people', click_donate: '2', click_volunteer: '1' });

    // Cleared: the link is gone from the redirect too.
    await ctx.database.db.execute(sql`update organizations set donate_url = null where id = ${id}`);
    expect((await visitor().get(`/out/${id}/donate`)).status).toBe(404);
  });
});

describe('GET /api/organizations/:id/insights', () => {
  it('answers the owner and operators; 404 to everyone else, as for an unpublished profile', async () => {
    const operator = await signUpOperator(ctx, 'insights-operator@example.org');
    const stranger = await signUp(ctx, 'insights-stranger@example.org');
    const anonymous = createAgent(ctx.app);
    const url = `/api/organizations/${organizationId}/insights`;
    expect((await owner.browser.get(url)).status).toBe(200);
    expect((await operator.browser.get(url)).status).toBe(200);
    expect((await stranger.browser.get(url)).status).toBe(404);
    expect((await anonymous.get(url)).status).toBe(404);
    expect((await stranger.browser.get(`${url}.csv`)).status).toBe(404);
    expect(
      (await owner.browser.get('/api/organizations/00000000-0000-4000-8000-000000000000/insights'))
        .status,
    ).toBe(404);
    expect((await owner.browser.get('/api/organizations/not-an-id/insights')).status).toBe(404);
    expect((await owner.browser.get(`${url}?days=12`)).status).toBe(400);
  });

  it('compares the period with the one before, and exports every day as CSV', async () => {
    const fresh = await createOrganization(ctx.database.db, { createdBy: owner.id });
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await ctx.database.db.execute(sql`
      insert into profile_daily_counts (organization_id, day, metric, audience, count) values
        (${fresh}, ${day(0)}, 'views', 'people', 5),
        (${fresh}, ${day(6)}, 'views', 'people', 2),
        (${fresh}, ${day(6)}, 'click_blog', 'people', 1),
        (${fresh}, ${day(7)}, 'views', 'people', 4),
        (${fresh}, ${day(13)}, 'impressions', 'people', 9),
        (${fresh}, ${day(14)}, 'views', 'people', 100),
        (${fresh}, ${day(1)}, 'views', 'bots', 3)`);
    const insights = await insightsOf(fresh);
    expect(insights.from).toBe(day(6));
    expect(insights.totals).toMatchObject({ views: 7, impressions: 0, clicks: { blog: 1 } });
    expect(insights.previous).toMatchObject({ views: 4, impressions: 9 });
    expect(insights.bots.views).toBe(3);
    expect(insights.daily.map((entry) => entry.views)).toEqual([2, 0, 0, 0, 0, 0, 5]);

    const csv = await owner.browser.get<string>(`/api/organizations/${fresh}/insights.csv?days=7`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'day,audience,views,impressions,click_website,click_linkedin,click_twitter,click_blog,click_donate,click_volunteer,shares,embeds',
    );
    // Seven days of people, and the one day bots came.
    expect(lines).toHaveLength(1 + 7 + 1);
    expect(lines[1]).toBe(`${day(6)},people,2,0,0,0,0,1,0,0,0,0`);
    expect(lines).toContain(`${day(1)},bots,3,0,0,0,0,0,0,0,0,0`);
    expect(lines.at(-1)).toBe(`${day(0)},people,5,0,0,0,0,0,0,0,0,0`);
  });
});

describe('the rollup', () => {
  it('moves daily counts older than 13 months into their month, adding up, and keeps the rest', async () => {
    const rolled = await createOrganization(ctx.database.db, { createdBy: owner.id });
    await ctx.database.db.execute(sql`
      insert into profile_daily_counts (organization_id, day, metric, audience, count) values
        (${rolled}, '2025-06-03', 'views', 'people', 4),
        (${rolled}, '2025-06-20', 'views', 'people', 6),
        (${rolled}, '2025-06-20', 'views', 'bots', 1),
        (${rolled}, '2025-07-01', 'shares', 'people', 2),
        (${rolled}, '2025-10-27', 'views', 'people', 8)`);
    const moved = await ctx.app.jobs.rollUpInsights(new Date('2026-11-26T12:00:00Z'));
    expect(moved).toBe(4);
    const rows = (await ctx.database.db.execute(sql`
      select month::text as month, metric, audience, count::int as count from profile_monthly_counts
      where organization_id = ${rolled} order by month, metric, audience`)) as unknown as {
      rows: { month: string; metric: string; audience: string; count: number }[];
    };
    expect(rows.rows).toEqual([
      { month: '2025-06-01', metric: 'views', audience: 'bots', count: 1 },
      { month: '2025-06-01', metric: 'views', audience: 'people', count: 10 },
      { month: '2025-07-01', metric: 'shares', audience: 'people', count: 2 },
    ]);
    const kept = (await ctx.database.db.execute(sql`
      select day::text as day from profile_daily_counts where organization_id = ${rolled}`)) as unknown as {
      rows: { day: string }[];
    };
    expect(kept.rows).toEqual([{ day: '2025-10-27' }]);
    // Run again: nothing left to move.
    expect(await ctx.app.jobs.rollUpInsights(new Date('2026-11-26T12:00:00Z'))).toBe(0);
  });
});
