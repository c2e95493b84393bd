import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  apiMessages,
  roleListMessages,
  savedRoleSearchTexts,
  savedSearchTexts,
  type SavedSearch,
} from '@si/contracts';
import { organizationRoles } from '../src/db/schema.ts';
import { signUp, type Body as DataBody } from './support/accounts.ts';
import { createAgent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { linkIn, startMailbox, type Mailbox, type ReceivedEmail } from './support/mailbox.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

/**
 * Saved searches that follow open roles (ADR 046), and the directory's Hiring filter saved: what
 * is saved and refused, who sees it, and what its alert lists. Roles are written straight into
 * organization_roles, as any writer may; the alert must still find them.
 */

const SECRET = 'saved-role-search-test-secret-of-32-chars';
const DAY = 24 * 60 * 60 * 1000;
const utcDate = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

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

/** An answer's body, with the fields a refusal names. */
type Body<T> = DataBody<T> & {
  error?: { code: string; message: string; fields?: Record<string, string> };
};

type Saver = Awaited<ReturnType<typeof signUp>>;
type RolesSearch = Extract<SavedSearch, { follows: 'roles' }>;

function saveRoles(user: Saver, name: string, filters: Record<string, unknown>) {
  return user.browser.post<Body<RolesSearch>>('/api/saved-searches', {
    name,
    frequency: 'weekly',
    follows: 'roles',
    filters,
  });
}

/** Runs the alert job a given number of days from now and delivers what it queued. */
async function alertsIn(days: number) {
  const run = await ctx.app.jobs.sendSavedSearchAlerts(new Date(Date.now() + days * DAY));
  await ctx.app.emailRelay.drain();
  return run;
}

const alertsTo = (email: string): ReceivedEmail[] =>
  mailbox.to(email).filter((message) => message.subject.includes(' for “'));

/** The roles an alert names, in its order. */
const rolesIn = (email: ReceivedEmail) =>
  [
    ...email.html.matchAll(
      /<li[^>]*><a href="[^"]*\/organizations\/[0-9a-f-]{36}\/roles\/([0-9a-f-]{36})"/g,
    ),
  ].map((match) => match[1]!);

/** The organizations an alert names, in its order. */
const organizationsIn = (email: ReceivedEmail) =>
  [...email.html.matchAll(/<li[^>]*><a href="[^"]*\/organizations\/([0-9a-f-]{36})"/g)].map(
    (match) => match[1]!,
  );

let minutes = 0;

/** A role open for 20 days, posted a minute after the one before (the newest is the last). */
async function postRole(
  organizationId: string,
  title: string,
  fields: Partial<typeof organizationRoles.$inferInsert> = {},
) {
  minutes += 1;
  const [row] = await ctx.database.db
    .insert(organizationRoles)
    .values({
      organizationId,
      title,
      kind: 'full_time',
      workplace: 'on_site',
      country: 'KE',
      city: 'Nairobi',
      description: 'Work that matters.',
      apply: 'https://example.org/jobs/1',
      closesOn: utcDate(20),
      postedAt: new Date(Date.UTC(2026, 0, 1, 0, minutes)),
      ...fields,
    })
    .returning({ id: organizationRoles.id });
  return row!.id;
}

describe('saving a search that follows roles', () => {
  it('takes the list’s filters, and refuses what the list refuses, naming the field', async () => {
    const user = await signUp(ctx, 'roles-saver@example.org');
    const saved = await saveRoles(user, 'Remote climate jobs', {
      q: ' engineer ',
      kinds: ['internship', 'full_time', 'full_time'],
      remote: true,
      country: 'KE',
      categories: ['climate_action'],
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({
      name: 'Remote climate jobs',
      follows: 'roles',
      filters: {
        q: 'engineer',
        kinds: ['full_time', 'internship'],
        remote: true,
        country: 'KE',
        categories: ['climate_action'],
      },
      lastAlertAt: null,
    });

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ kinds: ['gardening'] }, 'filters.kinds.0', roleListMessages.unknownKind],
      [{ country: 'ZZ' }, 'country', apiMessages.unknownCountry('ZZ')],
      [{ categories: ['no_such'] }, 'categories', apiMessages.unknownCategories(['no_such'])],
      [{ remote: 'yes' }, 'filters.remote', ''],
      // What only the directory filters on is not a role's filter.
      [{ verified: true }, 'filters', ''],
    ];
    for (const [filters, field, message] of refusals) {
      const refused = await saveRoles(user, 'Bad', filters);
      expect(refused.status, JSON.stringify(filters)).toBe(400);
      expect(Object.keys(refused.body.error?.fields ?? {}), JSON.stringify(filters)).toContain(
        field,
      );
      expect(refused.body.error?.message, JSON.stringify(filters)).toContain(message);
    }
    const unknownFollows = await user.browser.post<Body<null>>('/api/saved-searches', {
      name: 'Bad',
      frequency: 'weekly',
      follows: 'people',
      filters: {},
    });
    expect(unknownFollows.status).toBe(400);
    expect(unknownFollows.body.error?.fields?.follows).toBe(savedSearchTexts.followsUnknown);

    // The directory's Hiring filter is saved with the rest of its filters.
    const hiring = await user.browser.post<Body<SavedSearch>>('/api/saved-searches', {
      name: 'Hiring in Kenya',
      frequency: 'monthly',
      filters: { country: 'KE', hiring: true },
    });
    expect(hiring.status).toBe(201);
    expect(hiring.body.data).toMatchObject({
      follows: 'organizations',
      filters: { country: 'KE', hiring: true, verified: false },
    });
    const listed = await user.browser.get<Body<SavedSearch[]>>('/api/saved-searches');
    expect(listed.body.data.map((search) => search.follows)).toEqual(['organizations', 'roles']);
  });

  it('is seen and deleted by its owner only, and saved by verified accounts only', async () => {
    const owner = await signUp(ctx, 'roles-owner@example.org');
    const stranger = await signUp(ctx, 'roles-stranger@example.org');
    const unverified = await signUp(ctx, 'roles-unverified@example.org', { verified: false });
    const search = (await saveRoles(owner, 'Internships', { kinds: ['internship'] })).body.data;

    const early = await saveRoles(unverified, 'Mine', {});
    expect(early.status).toBe(403);
    expect(early.body.error?.message).toBe(savedSearchTexts.verifyFirst);
    const nobody = await createAgent(ctx.app).get('/api/saved-searches');
    expect(nobody.status).toBe(401);

    const theirs = await stranger.browser.get<Body<SavedSearch[]>>('/api/saved-searches');
    expect(theirs.body.data.map((one) => one.id)).not.toContain(search.id);
    const taken = await stranger.browser.delete<Body<null>>(`/api/saved-searches/${search.id}`, {});
    expect(taken.status).toBe(404);
    expect(taken.body.error?.message).toBe(savedSearchTexts.notFound);

    const mine = await owner.browser.get<Body<SavedSearch[]>>('/api/saved-searches');
    expect(mine.body.data.map((one) => one.id)).toEqual([search.id]);
    expect((await owner.browser.delete(`/api/saved-searches/${search.id}`, {})).status).toBe(200);
    const gone = await owner.browser.get<Body<SavedSearch[]>>('/api/saved-searches');
    expect(gone.body.data).toEqual([]);
  });
});

describe('a roles alert', () => {
  it('lists the matching roles posted since, open now, newest first, at most 20; nothing when nothing is new', async () => {
    await alertsIn(400);
    const db = ctx.database.db;
    const user = await signUp(ctx, 'roles-alerts@example.org');
    const acacia = await createOrganization(db, { name: 'Acacia Trust', country: 'KE' });
    const baobab = await createOrganization(db, { name: 'Baobab Works', country: 'PT' });
    const leaving = await createOrganization(db, { name: 'Leaving Org', country: 'KE' });
    const draft = await createOrganization(db, { name: 'Draft Org', published: false });
    const before = await postRole(acacia, 'Posted before saving');

    const search = (
      await saveRoles(user, 'Kenya full time', { kinds: ['full_time'], country: 'KE' })
    ).body.data;

    const fieldEngineer = await postRole(acacia, 'Field engineer');
    const remoteAnalyst = await postRole(baobab, 'Remote analyst', {
      workplace: 'remote',
      country: null,
      city: null,
      remoteCountries: [],
    });
    await postRole(acacia, 'Part-time tutor', { kind: 'part_time' });
    await postRole(baobab, 'Lisbon coordinator', { country: 'PT', city: 'Lisboa' });
    await postRole(baobab, 'Remote, Portugal only', {
      workplace: 'remote',
      country: null,
      city: null,
      remoteCountries: ['PT'],
    });
    const closed = await postRole(acacia, 'Closed again');
    await db.execute(sql`update organization_roles set closed_at = now() where id = ${closed}`);
    const held = await postRole(acacia, 'Held by an operator');
    await db.execute(
      sql`update organization_roles set held_at = now(), held_reason = 'Fee' where id = ${held}`,
    );
    await postRole(acacia, 'Closing date passed', { closesOn: utcDate(-1) });
    await postRole(leaving, 'Of an organization unpublished since');
    await db.execute(sql`update organizations set published = false where id = ${leaving}`);
    await postRole(draft, 'Of a draft');

    // Not due yet: nothing.
    expect((await alertsIn(1)).emailsQueued).toBe(0);
    expect((await alertsIn(8)).emailsQueued).toBe(1);
    const [email] = alertsTo('roles-alerts@example.org');
    expect(email!.subject).toBe(savedRoleSearchTexts.emailSubject(2, 'Kenya full time'));
    expect(rolesIn(email!)).toEqual([remoteAnalyst, fieldEngineer]);
    expect(rolesIn(email!)).not.toContain(before);
    expect(email!.text).toContain('Field engineer');
    expect(email!.text).toContain('Acacia Trust · Nairobi, Kenya');
    expect(email!.text).toContain(`Baobab Works · ${savedRoleSearchTexts.remoteAnywhere}`);
    expect(email!.text).toContain(
      `${TEST_PUBLIC_URL}/organizations/${acacia}/roles/${fieldEngineer}`,
    );
    expect(email!.text).toContain(
      `${savedRoleSearchTexts.emailAction}: ${TEST_PUBLIC_URL}/roles?kind=full_time&country=KE`,
    );
    const unsubscribe = linkIn(email!, '/api/saved-searches/unsubscribe');
    expect(email!.headers['list-unsubscribe']).toBe(`<${unsubscribe.href}>`);

    // Nothing new the next week: no email, and the search moves on all the same.
    const first = (await user.browser.get<Body<SavedSearch[]>>('/api/saved-searches')).body
      .data[0]!;
    expect((await alertsIn(16)).searchesChecked).toBeGreaterThan(0);
    expect(alertsTo('roles-alerts@example.org')).toHaveLength(1);
    const second = (await user.browser.get<Body<SavedSearch[]>>('/api/saved-searches')).body
      .data[0]!;
    expect(second.nextAlertAt > first.nextAlertAt).toBe(true);

    // 23 new ones: the 20 newest named, the rest counted, with a link to them all.
    const batch: string[] = [];
    for (let i = 0; i < 23; i += 1) batch.push(await postRole(acacia, `Batch role ${i}`));
    await postRole(acacia, 'Not full time', { kind: 'volunteer' });
    expect((await alertsIn(24)).emailsQueued).toBe(1);
    const more = alertsTo('roles-alerts@example.org')[1]!;
    expect(more.subject).toBe(savedRoleSearchTexts.emailSubject(23, 'Kenya full time'));
    expect(rolesIn(more)).toEqual(batch.slice(3).reverse());
    expect(more.text).toContain(savedRoleSearchTexts.emailMore(3));
    expect(search.id).toBe(second.id);
  });

  it('of a directory search with Hiring on lists only new organizations with an open role', async () => {
    await alertsIn(400);
    const db = ctx.database.db;
    const user = await signUp(ctx, 'hiring-alerts@example.org');
    const saved = await user.browser.post<Body<SavedSearch>>('/api/saved-searches', {
      name: 'Hiring in Kenya',
      frequency: 'weekly',
      filters: { country: 'KE', hiring: true },
    });
    expect(saved.status).toBe(201);
    const hiring = await createOrganization(db, { name: 'Hiring Now', country: 'KE' });
    await postRole(hiring, 'Program officer');
    const quiet = await createOrganization(db, { name: 'Not Hiring', country: 'KE' });
    const closedOnly = await createOrganization(db, { name: 'Closed Roles Only', country: 'KE' });
    await postRole(closedOnly, 'Filled', { closedAt: new Date() });

    expect((await alertsIn(8)).emailsQueued).toBe(1);
    const [email] = alertsTo('hiring-alerts@example.org');
    expect(email!.subject).toBe(savedSearchTexts.emailSubject(1, 'Hiring in Kenya'));
    expect(organizationsIn(email!)).toEqual([hiring]);
    expect(organizationsIn(email!)).not.toContain(quiet);
    expect(email!.text).toContain(
      `${savedSearchTexts.emailAction}: ${TEST_PUBLIC_URL}/?country=KE&hiring=true`,
    );
  });
});
