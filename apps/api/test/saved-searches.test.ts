import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  SAVED_SEARCH_NAME_MAX,
  savedSearchTexts,
  type AdminSavedSearchStats,
  type SavedSearch,
  type SavedSearchFilters,
} from '@si/contracts';
import { referenceAnswer } from '../src/modules/organizations/directory/reference.ts';
import type { IndexedOrganization } from '../src/modules/organizations/directory/index.ts';
import { searchTerms } from '../src/modules/organizations/search-query.ts';
import { unsubscribeTokens } from '../src/adapters/email/unsubscribe-tokens.ts';
import { countRows, signUp, type Body } from './support/accounts.ts';
import { createAgent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { linkIn, startMailbox, type Mailbox, type ReceivedEmail } from './support/mailbox.ts';
import { signUpOperator } from './support/operators.ts';
import { startSecondAppInstance } from './support/second-app-instance.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

const SECRET = 'saved-search-test-secret-of-at-least-32-chars';
const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestApp({ SMTP_URL: mailbox.url, RATE_LIMITS: 'off', AUTH_SECRET: SECRET });
}, 60_000);

afterAll(async () => {
  await ctx.close();
  await mailbox.close();
});

type Saver = Awaited<ReturnType<typeof signUp>>;

async function save(
  user: Saver,
  name: string,
  filters: Partial<SavedSearchFilters>,
  frequency: 'weekly' | 'monthly' = 'weekly',
) {
  return user.browser.post<Body<Extract<SavedSearch, { follows: 'organizations' }>>>(
    '/api/saved-searches',
    {
      name,
      frequency,
      filters,
    },
  );
}

/** Runs the alert job a given number of days from now and delivers what it queued. */
async function alertsIn(days: number, app = ctx.app) {
  const run = await app.jobs.sendSavedSearchAlerts(new Date(Date.now() + days * DAY));
  await ctx.app.emailRelay.drain();
  return run;
}

const alertsTo = (email: string): ReceivedEmail[] =>
  mailbox.to(email).filter((message) => message.subject.includes(' for “'));

/** The organizations an alert names, in its order. */
const listedIn = (email: ReceivedEmail) =>
  [...email.html.matchAll(/<li[^>]*><a href="[^"]*\/organizations\/([0-9a-f-]{36})"/g)].map(
    (match) => match[1]!,
  );

describe('saving a search', () => {
  it('needs a permanent account with a verified email, and checks every field', async () => {
    const guest = createAgent(ctx.app);
    await guest.post('/api/auth/sign-in/anonymous', {});
    const asGuest = await guest.post<Body<null>>('/api/saved-searches', {
      name: 'Climate',
      frequency: 'weekly',
      filters: {},
    });
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.error?.message).toBe(savedSearchTexts.permanentAccount);
    const nobody = await createAgent(ctx.app).post('/api/saved-searches', {
      name: 'Climate',
      frequency: 'weekly',
      filters: {},
    });
    expect(nobody.status).toBe(401);

    const unverified = await signUp(ctx, 'saver-unverified@example.org', { verified: false });
    const early = await save(unverified, 'Climate', {});
    expect(early.status).toBe(403);
    expect(early.body.error?.message).toBe(savedSearchTexts.verifyFirst);

    const user = await signUp(ctx, 'saver-rules@example.org');
    for (const [name, message] of [
      ['   ', savedSearchTexts.nameRequired],
      ['x'.repeat(SAVED_SEARCH_NAME_MAX + 1), savedSearchTexts.nameTooLong],
      ['Two\nlines', savedSearchTexts.namePlain],
      ['Tab\there', savedSearchTexts.namePlain],
    ] as const) {
      const refused = await save(user, name, {});
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(JSON.stringify(refused.body), JSON.stringify(name)).toContain(message);
    }
    expect((await save(user, 'Bad', { categories: ['no_such_category'] })).status).toBe(400);
    expect((await save(user, 'Bad', { country: 'ZZ' })).status).toBe(400);
    expect(
      (
        await user.browser.post('/api/saved-searches', {
          name: 'Bad',
          frequency: 'daily',
          filters: {},
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await user.browser.post('/api/saved-searches', {
          name: 'Bad',
          frequency: 'weekly',
          filters: {},
          userId: 'someone-else',
        })
      ).status,
    ).toBe(400);
    expect(await countRows(ctx, sql`select count(*) as n from saved_searches`)).toBe(0);

    // Plain text is kept as typed (the email and the page escape it), trimmed.
    const saved = await save(user, '  <b>Climate</b> & Kenya  ', {
      q: ' solar ',
      categories: ['climate_action', 'climate_action'],
      country: 'KE',
      verified: true,
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({
      name: '<b>Climate</b> & Kenya',
      frequency: 'weekly',
      filters: { q: 'solar', categories: ['climate_action'], country: 'KE', verified: true },
      lastAlertAt: null,
    });
    expect(new Date(saved.body.data.nextAlertAt).getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
  });

  it('keeps at most 20 per user, lists and deletes only the caller’s own', async () => {
    const user = await signUp(ctx, 'saver-limit@example.org');
    const other = await signUp(ctx, 'saver-other@example.org');
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save(user, `Search ${i + 1}`, {})),
    );
    expect(made.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const extra = await save(user, 'One too many', {});
    expect(extra.status).toBe(409);
    expect(extra.body.error?.message).toBe(savedSearchTexts.tooMany);

    const theirs = (await save(other, 'Theirs', { country: 'KE' })).body.data;
    const listed = await user.browser.get<Body<SavedSearch[]>>('/api/saved-searches');
    expect(listed.body.data).toHaveLength(20);
    expect(listed.body.data.map((search) => search.id)).not.toContain(theirs.id);

    const stranger = await user.browser.delete<Body<null>>(`/api/saved-searches/${theirs.id}`, {});
    expect(stranger.status).toBe(404);
    expect(stranger.body.error?.message).toBe(savedSearchTexts.notFound);
    expect((await user.browser.delete('/api/saved-searches/not-an-id', {})).status).toBe(404);
    const mine = listed.body.data[0]!;
    expect((await user.browser.delete(`/api/saved-searches/${mine.id}`, {})).status).toBe(200);
    expect((await user.browser.delete(`/api/saved-searches/${mine.id}`, {})).status).toBe(404);
    expect((await save(user, 'Room again', {})).status).toBe(201);
    const theirsStill = await other.browser.get<Body<SavedSearch[]>>('/api/saved-searches');
    expect(theirsStill.body.data.map((search) => search.id)).toEqual([theirs.id]);

    // Deleting the account deletes its saved searches.
    expect(
      (await other.browser.delete('/api/users/me', { confirmation: 'DELETE', password: 'secret1' }))
        .status,
    ).toBe(200);
    expect(
      await countRows(ctx, sql`select count(*) as n from saved_searches where id = ${theirs.id}`),
    ).toBe(0);
  });
});

describe('alerts', () => {
  it('list only what is new for the search, at most 20, and nothing when nothing is new', async () => {
    await ctx.app.jobs.sendSavedSearchAlerts(new Date(Date.now() + 400 * DAY));
    const user = await signUp(ctx, 'alerts@example.org');
    const kenyaClimate = { categories: ['climate_action'], country: 'KE' };
    const matching = await createOrganization(ctx.database.db, {
      name: 'Already Matching',
      ...{ categoryIds: ['climate_action'], country: 'KE' },
    });
    const movesIn = await createOrganization(ctx.database.db, {
      name: 'Moves In',
      categoryIds: ['education'],
      country: 'KE',
    });
    const leaves = await createOrganization(ctx.database.db, {
      name: 'Leaves',
      categoryIds: ['climate_action'],
      country: 'KE',
    });
    const search = (await save(user, 'Kenya climate', kenyaClimate)).body.data;

    const published = await createOrganization(ctx.database.db, {
      name: 'Newly Published',
      description: 'Solar power for schools.',
      categoryIds: ['climate_action', 'nonprofit'],
      country: 'KE',
    });
    await createOrganization(ctx.database.db, {
      name: 'Elsewhere',
      categoryIds: ['climate_action'],
      country: 'PT',
    });
    const everywhere = await createOrganization(ctx.database.db, {
      name: 'Works Everywhere',
      categoryIds: ['climate_action'],
      country: 'ALL',
    });
    const draft = await createOrganization(ctx.database.db, {
      name: 'Unpaid Draft',
      categoryIds: ['climate_action'],
      country: 'KE',
      published: false,
    });
    await ctx.database.db.execute(
      sql`update organizations set category_ids = '{climate_action}' where id = ${movesIn}`,
    );
    await ctx.database.db.execute(
      sql`update organizations set description = 'Edited, still matching.' where id = ${matching}`,
    );
    await ctx.database.db.execute(
      sql`update organizations set published = false where id = ${leaves}`,
    );
    // A draft edited stays out: it is not in the directory.
    await ctx.database.db.execute(
      sql`update organizations set name = 'Still a Draft' where id = ${draft}`,
    );

    // Not due yet: nothing.
    expect((await alertsIn(1)).emailsQueued).toBe(0);
    expect(alertsTo('alerts@example.org')).toHaveLength(0);

    expect((await alertsIn(8)).emailsQueued).toBe(1);
    const [email] = alertsTo('alerts@example.org');
    expect(email!.subject).toBe(savedSearchTexts.emailSubject(3, 'Kenya climate'));
    // In the directory's order: by name.
    expect(listedIn(email!)).toEqual([movesIn, published, everywhere]);
    expect(email!.text).toContain('Solar power for schools.');
    expect(email!.text).toContain(`${TEST_PUBLIC_URL}/organizations/${published}`);
    expect(email!.text).toContain(
      `${savedSearchTexts.emailAction}: ${TEST_PUBLIC_URL}/?categories=climate_action&country=KE`,
    );
    const unsubscribe = linkIn(email!, '/api/saved-searches/unsubscribe');
    expect(email!.headers['list-unsubscribe']).toBe(`<${unsubscribe.href}>`);
    expect(email!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The next week: nothing new, no email, and the search moves on all the same.
    const before = (await user.browser.get<Body<SavedSearch[]>>('/api/saved-searches')).body
      .data[0]!;
    expect(before.lastAlertAt).not.toBeNull();
    expect((await alertsIn(15)).searchesChecked).toBeGreaterThan(0);
    expect(alertsTo('alerts@example.org')).toHaveLength(1);
    const after = (await user.browser.get<Body<SavedSearch[]>>('/api/saved-searches')).body
      .data[0]!;
    expect(after.nextAlertAt > before.nextAlertAt).toBe(true);

    // One that left and comes back is new again; 25 new ones: 20 named, the rest counted.
    await ctx.database.db.execute(
      sql`update organizations set published = true where id = ${leaves}`,
    );
    for (let i = 0; i < 24; i += 1) {
      await createOrganization(ctx.database.db, {
        name: `Batch ${String(i).padStart(2, '0')}`,
        categoryIds: ['climate_action'],
        country: 'KE',
      });
    }
    expect((await alertsIn(22)).emailsQueued).toBe(1);
    const second = alertsTo('alerts@example.org')[1]!;
    expect(second.subject).toBe(savedSearchTexts.emailSubject(25, 'Kenya climate'));
    expect(listedIn(second)).toHaveLength(20);
    expect(second.text).toContain(savedSearchTexts.emailMore(5));
    expect(search.id).toBe(after.id);
  });

  it('go out once per period with two processes running the job at once', async () => {
    const user = await signUp(ctx, 'alerts-twice@example.org');
    await save(user, 'Everything', {});
    await createOrganization(ctx.database.db, { name: 'Fresh For Two' });
    const second = await startSecondAppInstance(ctx, {
      RATE_LIMITS: 'off',
      SMTP_URL: mailbox.url,
      AUTH_SECRET: SECRET,
    });
    try {
      const at = new Date(Date.now() + 8 * DAY);
      const runs = await Promise.all([
        ctx.app.jobs.sendSavedSearchAlerts(at),
        second.app.jobs.sendSavedSearchAlerts(at),
      ]);
      expect(runs[0].emailsQueued + runs[1].emailsQueued).toBe(1);
      // A restart, the same moment again: nothing.
      expect((await second.app.jobs.sendSavedSearchAlerts(at)).emailsQueued).toBe(0);
    } finally {
      await second.close();
    }
    await ctx.app.emailRelay.drain();
    expect(alertsTo('alerts-twice@example.org')).toHaveLength(1);
  });

  it('match as the directory does: what the reference lists now and did not at the last alert', async () => {
    const WORDS = ['river', 'rivet', 'solar', 'sol', 'clinic', 'río'];
    const CATEGORIES = ['climate_action', 'education', 'women_led', 'nonprofit'];
    const COUNTRIES = ['KE', 'PT', 'ALL'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(items: readonly T[]) => items[random(items.length)]!;
    const some = <T>(items: readonly T[]) => items.filter(() => random(3) === 0);
    const organizationInput = (i: number) => ({
      name: `Ref ${String(i).padStart(3, '0')} ${pick(WORDS)}`,
      description: `${pick(WORDS)} ${pick(WORDS)} works`,
      location: pick(['Nairobi', 'Lisboa', '']),
      country: pick(COUNTRIES),
      categoryIds: [...new Set([pick(CATEGORIES), ...some(CATEGORIES)])],
      published: random(5) !== 0,
    });

    // Everything else is already alerted: only this test's searches are due below.
    await ctx.app.jobs.sendSavedSearchAlerts(new Date(Date.now() + 400 * DAY));
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      ids.push(await createOrganization(ctx.database.db, organizationInput(i)));
    }
    const user = await signUp(ctx, 'alerts-reference@example.org');
    const searches: { id: string; name: string; filters: SavedSearchFilters }[] = [];
    for (let i = 0; i < 12; i += 1) {
      const filters = {
        q: random(2) ? pick(['riv', 'sol', 'río works', 'clinic', 'ref 00']) : '',
        categories: some(CATEGORIES).slice(0, 2),
        country: random(2) ? pick(['KE', 'PT']) : null,
        verified: random(6) === 0,
      };
      const saved = await save(user, `Reference ${i}`, filters);
      expect(saved.status).toBe(201);
      searches.push({
        id: saved.body.data.id,
        name: `Reference ${i}`,
        filters: saved.body.data.filters,
      });
    }
    const directoryNow = async (): Promise<IndexedOrganization[]> => {
      const result = (await ctx.database.db.execute(sql`
        select id, name, description, logo, category_ids, country, location, verified_domain,
          tsvector_to_array(search) as lexemes
        from organizations where published and name like 'Ref %'`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      return result.rows.map((row) => ({
        id: row.id as string,
        name: row.name as string,
        description: row.description as string,
        logo: row.logo as string | null,
        categoryIds: row.category_ids as string[],
        country: row.country as string,
        location: row.location as string,
        verification: row.verified_domain
          ? { domain: row.verified_domain as string, verifiedAt: '2026-01-01T00:00:00.000Z' }
          : null,
        lexemes: row.lexemes as string[],
        // Saved searches do not filter on open roles: none are needed here.
        roleClosings: [],
      }));
    };
    const before = await directoryNow();

    // Writes of every kind: new ones, edits of text, categories, country, the badge,
    // publication either way, deletions, and an organization changed twice.
    for (let i = 30; i < 42; i += 1) {
      ids.push(await createOrganization(ctx.database.db, organizationInput(i)));
    }
    for (let step = 0; step < 40; step += 1) {
      const id = pick(ids);
      const change = random(7);
      if (change === 0) {
        await ctx.database.db.execute(
          sql`update organizations set description = ${`${pick(WORDS)} again`} where id = ${id}`,
        );
      } else if (change === 1) {
        const categories = `{${[pick(CATEGORIES), ...some(CATEGORIES)].join(',')}}`;
        await ctx.database.db.execute(
          sql`update organizations set category_ids = ${categories}::text[] where id = ${id}`,
        );
      } else if (change === 2) {
        await ctx.database.db.execute(
          sql`update organizations set country = ${pick(COUNTRIES)} where id = ${id}`,
        );
      } else if (change === 3) {
        await ctx.database.db.execute(
          sql`update organizations set published = not published where id = ${id}`,
        );
      } else if (change === 4) {
        await ctx.database.db.execute(
          sql`update organizations set verified_domain = case when verified_domain is null then 'ref.example' end, verified_at = now() where id = ${id}`,
        );
      } else if (change === 5) {
        await ctx.database.db.execute(sql`delete from organizations where id = ${id}`);
        ids.splice(ids.indexOf(id), 1);
      } else {
        await ctx.database.db.execute(
          sql`update organizations set location = ${pick(['Nairobi', 'Sol', 'Lisboa'])} where id = ${id}`,
        );
      }
    }
    const after = await directoryNow();

    await alertsIn(8);
    const emails = alertsTo('alerts-reference@example.org');
    let withNews = 0;
    for (const search of searches) {
      const filter = {
        country: search.filters.country ?? undefined,
        categoryIds: search.filters.categories,
        terms: searchTerms(search.filters.q),
        verified: search.filters.verified,
      };
      const then = new Set(
        referenceAnswer(before, filter, null, Infinity, 'ALL').keys.map(([, id]) => id),
      );
      const expected = referenceAnswer(after, filter, null, Infinity, 'ALL')
        .keys.map(([, id]) => id)
        .filter((id) => !then.has(id));
      const email = emails.find((message) => message.subject.endsWith(`“${search.name}”`));
      const label = JSON.stringify(search.filters);
      if (expected.length === 0) {
        expect(email, label).toBeUndefined();
        continue;
      }
      withNews += 1;
      expect(email?.subject, label).toBe(
        savedSearchTexts.emailSubject(expected.length, search.name),
      );
      expect(listedIn(email!), label).toEqual(expected.slice(0, 20));
    }
    // Neither vacuous nor trivial: some searches had news, some had none.
    expect(withNews).toBeGreaterThan(1);
    expect(withNews).toBeLessThan(searches.length);
  });
});

describe('the unsubscribe link', () => {
  it('stops that search in one click; a reused, forged or expired link changes nothing', async () => {
    await ctx.app.jobs.sendSavedSearchAlerts(new Date(Date.now() + 400 * DAY));
    const user = await signUp(ctx, 'alerts-leave@example.org');
    const kept = (await save(user, 'Kept', { country: 'PT' })).body.data;
    const leaving = (await save(user, 'Leaving', { country: 'KE' })).body.data;
    await createOrganization(ctx.database.db, { name: 'Reason To Email', country: 'KE' });
    await alertsIn(8);
    const [email] = alertsTo('alerts-leave@example.org');
    expect(email!.subject).toContain('Leaving');
    const link = linkIn(email!, '/api/saved-searches/unsubscribe');
    const url = `${link.pathname}${link.search}`;

    const oneClick = await ctx.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.com',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const left = (await user.browser.get<Body<SavedSearch[]>>('/api/saved-searches')).body.data;
    expect(left.map((search) => search.id)).toEqual([kept.id]);

    // Reused: the page says so, and nothing else changes.
    const reused = await ctx.app.inject({ url });
    expect(reused.statusCode).toBe(303);
    expect(reused.headers.location).toBe('/unsubscribed?list=saved-search&error=used');

    const tokens = unsubscribeTokens(SECRET, 'saved-search-alert');
    const past = Math.floor((Date.now() - DAY) / 1000);
    const future = Math.floor((Date.now() + DAY) / 1000);
    const cases = [
      [
        `search=${kept.id}&expires=${past}&token=${tokens.tokenOf(`${kept.id}.${past}`)}`,
        'expired',
      ],
      // Someone else's token, an altered date, another purpose's secret, nothing at all.
      [
        `search=${kept.id}&expires=${future}&token=${tokens.tokenOf(`${leaving.id}.${future}`)}`,
        'invalid',
      ],
      [
        `search=${kept.id}&expires=${future + 1}&token=${tokens.tokenOf(`${kept.id}.${future}`)}`,
        'invalid',
      ],
      [
        `search=${kept.id}&expires=${future}&token=${unsubscribeTokens(SECRET, 'insights-monthly-email').tokenOf(`${kept.id}.${future}`)}`,
        'invalid',
      ],
      [`search=${kept.id}`, 'invalid'],
      ['search=not-an-id&expires=1&token=x', 'invalid'],
    ] as const;
    for (const [query, error] of cases) {
      const page = await ctx.app.inject({ url: `/api/saved-searches/unsubscribe?${query}` });
      expect(page.statusCode, query).toBe(303);
      expect(page.headers.location, query).toBe(`/unsubscribed?list=saved-search&error=${error}`);
      const post = await ctx.app.inject({
        method: 'POST',
        url: `/api/saved-searches/unsubscribe?${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode, query).toBe(404);
      expect(post.json().error.message).toBe(savedSearchTexts.unsubscribeFailed[error]);
    }
    // The same link made properly works as a plain GET too.
    const proper = `search=${kept.id}&expires=${future}&token=${tokens.tokenOf(`${kept.id}.${future}`)}`;
    const page = await ctx.app.inject({ url: `/api/saved-searches/unsubscribe?${proper}` });
    expect(page.headers.location).toBe('/unsubscribed?list=saved-search');
    expect(
      await countRows(
        ctx,
        sql`select count(*) as n from saved_searches where user_id = ${user.id}`,
      ),
    ).toBe(0);
  });
});

describe('the operator console', () => {
  it('counts saved searches and shows the last alert run, to operators only', async () => {
    const operator = await signUpOperator(ctx, 'ops-saved@example.org');
    const stranger = await signUp(ctx, 'not-ops-saved@example.org');
    expect((await stranger.browser.get('/api/admin/saved-searches')).status).toBe(403);
    await ctx.app.jobs.sendSavedSearchAlerts(new Date());
    const stats = await operator.browser.get<Body<AdminSavedSearchStats>>(
      '/api/admin/saved-searches',
    );
    expect(stats.status).toBe(200);
    const counted = await countRows(ctx, sql`select count(*) as n from saved_searches`);
    expect(stats.body.data.savedSearches).toBe(counted);
    expect(stats.body.data.weekly + stats.body.data.monthly).toBe(counted);
    expect(stats.body.data.lastRun).toMatchObject({ outcome: 'done', error: null });
  });
});
