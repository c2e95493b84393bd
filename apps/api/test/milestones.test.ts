import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_MILESTONES,
  roleErrorCodes,
  roleMessages,
  type Milestone,
  type Organization,
} from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

type Answer<T> = Body<T> & {
  error?: { code: string; message: string; fields?: Record<string, string> };
};

/** An organization's milestones (ADR 042) through the API; who may write them is in organizations-write.test.ts. */
describe('an organization’s milestones', () => {
  let ctx: TestContext;
  let owner: Agent;
  let ownerId: string;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
    ({ browser: owner, id: ownerId } = await signUp(ctx, 'milestones-owner@example.org'));
  });
  afterAll(() => ctx.close());

  const urlOf = (id: string) => `/api/organizations/${id}/milestones`;
  const add = (id: string, body: unknown) => owner.post<Answer<Milestone>>(urlOf(id), body);
  const listOf = async (id: string, agent: Agent = owner) => {
    const answer = await agent.get<Answer<Milestone[]>>(urlOf(id));
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const organizationOf = async (id: string) =>
    (await owner.get<Answer<Organization>>(`/api/organizations/${id}`)).body.data;

  it('adds, lists newest first (a year without a month after its months), changes and deletes', async () => {
    const id = await createOrganization(ctx.database.db, { createdBy: ownerId });
    const written: [number, number | null, string][] = [
      [2019, 12, 'First clinic'],
      [2020, null, 'A year of growth'],
      [2020, 3, 'Second clinic'],
      [2022, null, 'National award'],
      [2020, 11, 'Mobile unit'],
      [2020, 3, 'Third clinic'],
    ];
    for (const [year, month, title] of written) {
      const created = await add(id, { year, month, title });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data).toMatchObject({ organizationId: id, year, month, title, text: '' });
    }
    const visitor = createAgent(ctx.app);
    const listed = await listOf(id, visitor);
    expect(listed.map((milestone) => milestone.title)).toEqual([
      'National award',
      'Mobile unit',
      'Third clinic',
      'Second clinic',
      'A year of growth',
      'First clinic',
    ]);

    const award = listed[0]!;
    const changed = await owner.call<Answer<Milestone>>('PUT', `${urlOf(id)}/${award.id}`, {
      year: 2018,
      month: 6,
      title: '  Founded in a garage  ',
      text: 'Two nurses and a van.',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({
      id: award.id,
      organizationId: id,
      year: 2018,
      month: 6,
      title: 'Founded in a garage',
      text: 'Two nurses and a van.',
    });
    expect((await listOf(id)).at(-1)!.title).toBe('Founded in a garage');

    const removed = await owner.delete<Answer<{ deleted: true }>>(`${urlOf(id)}/${award.id}`, {});
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ deleted: true });
    expect((await listOf(id)).map((milestone) => milestone.id)).not.toContain(award.id);
    const again = await owner.delete<Answer<unknown>>(`${urlOf(id)}/${award.id}`, {});
    expect(again.status).toBe(404);
    expect(again.body.error?.message).toBe(roleMessages.milestoneNotFound);
  });

  it('refuses a milestone that is undated, in the future or untitled, with the contract’s words', async () => {
    const id = await createOrganization(ctx.database.db, { createdBy: ownerId });
    const year = new Date().getUTCFullYear();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ year: 1799, title: 'Too early' }, 'year', roleMessages.milestoneYear(year)],
      [{ year: year + 1, title: 'Not yet' }, 'year', roleMessages.milestoneYear(year)],
      [{ title: 'No year' }, 'year', roleMessages.milestoneYear(year)],
      [{ year: 2020, month: 13, title: 'No such month' }, 'month', roleMessages.milestoneMonth],
      [{ year: 2020, title: '   ' }, 'title', roleMessages.milestoneTitleRequired],
      [{ year: 2020, title: 'x'.repeat(121) }, 'title', roleMessages.milestoneTitleTooLong],
      [
        { year: 2020, title: 'Long', text: 'x'.repeat(501) },
        'text',
        roleMessages.milestoneTextTooLong,
      ],
    ];
    const month = new Date().getUTCMonth() + 1;
    if (month < 12) {
      cases.push([
        { year, month: month + 1, title: 'Next month' },
        'month',
        roleMessages.milestoneInFuture,
      ]);
    }
    for (const [body, field, message] of cases) {
      const answer = await add(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error?.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect((await add(id, { year: 2020, title: 'Extra', organizationId: id })).status).toBe(400);
    expect(await listOf(id)).toEqual([]);
  });

  it(`keeps at most ${MAX_MILESTONES}, counted one write at a time`, async () => {
    const id = await createOrganization(ctx.database.db, { createdBy: ownerId });
    for (let index = 0; index < MAX_MILESTONES - 2; index += 1) {
      expect((await add(id, { year: 2000 + (index % 20), title: `Step ${index}` })).status).toBe(
        201,
      );
    }
    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, index) => add(id, { year: 2021, title: `Racer ${index}` })),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409]);
    for (const refused of racing.filter((answer) => answer.status === 409)) {
      expect(refused.body.error).toEqual({
        code: roleErrorCodes.tooManyMilestones,
        message: roleMessages.tooManyMilestones,
      });
    }
    expect(await listOf(id)).toHaveLength(MAX_MILESTONES);
    // One deleted, one may be added again.
    const [first] = await listOf(id);
    expect((await owner.delete(`${urlOf(id)}/${first!.id}`, {})).status).toBe(200);
    expect((await add(id, { year: 2021, title: 'After a deletion' })).status).toBe(201);
  });

  it('answers a milestone of another organization, or no milestone id at all, as not found', async () => {
    const mine = await createOrganization(ctx.database.db, { createdBy: ownerId });
    const other = await createOrganization(ctx.database.db, { createdBy: ownerId });
    const elsewhere = (await add(other, { year: 2010, title: 'Elsewhere' })).body.data;
    for (const milestoneId of [elsewhere.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const changed = await owner.call<Answer<unknown>>('PUT', `${urlOf(mine)}/${milestoneId}`, {
        year: 2011,
        title: 'Moved',
      });
      expect(changed.status, milestoneId).toBe(404);
      expect(changed.body.error?.message).toBe(roleMessages.milestoneNotFound);
      expect((await owner.delete(`${urlOf(mine)}/${milestoneId}`, {})).status, milestoneId).toBe(
        404,
      );
    }
    expect((await listOf(other)).map((milestone) => milestone.title)).toEqual(['Elsewhere']);
  });

  it('is written, like the profile, only once the organization is paid for (402)', async () => {
    const unpaid = await createOrganization(ctx.database.db, {
      createdBy: ownerId,
      published: false,
    });
    const answer = await add(unpaid, { year: 2015, title: 'Unpaid' });
    expect(answer.status).toBe(402);
    expect(answer.body.error?.code).toBe('PAYMENT_REQUIRED');
  });

  it('reads as the profile does: public and revalidated when published, the owner’s alone otherwise', async () => {
    const published = await createOrganization(ctx.database.db, { createdBy: ownerId });
    await add(published, { year: 2016, title: 'Opened the library' });
    const visitor = createAgent(ctx.app);
    const profile = await visitor.get(`/api/organizations/${published}`);
    const read = await visitor.get<Answer<Milestone[]>>(urlOf(published));
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe(profile.headers['cache-control']);
    expect(read.headers['cache-control']).toBe('public, no-cache');
    const again = await visitor.call('GET', urlOf(published), undefined, {
      'if-none-match': String(read.headers.etag),
    });
    expect(again.status).toBe(304);

    await ctx.database.db.execute(
      sql`update organizations set published = false where id = ${published}`,
    );
    const { browser: stranger } = await signUp(ctx, 'milestones-stranger@example.org');
    for (const agent of [visitor, stranger]) {
      const hidden = await agent.get<Answer<unknown>>(urlOf(published));
      const hiddenProfile = await agent.get<Answer<unknown>>(`/api/organizations/${published}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.error).toEqual(hiddenProfile.body.error);
      expect(hidden.headers['cache-control']).toBe('no-store');
    }
    const own = await owner.get<Answer<Milestone[]>>(urlOf(published));
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers.etag).toBeUndefined();
    expect(own.body.data.map((milestone) => milestone.title)).toEqual(['Opened the library']);

    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await visitor.get(urlOf(missing))).status).toBe(404);
    }
  });

  it('leaves the editor’s version as it was: an open editor still saves', async () => {
    const id = await createOrganization(ctx.database.db, { createdBy: ownerId });
    const before = await organizationOf(id);
    const created = (await add(id, { year: 2012, title: 'Kept version' })).body.data;
    await owner.call('PUT', `${urlOf(id)}/${created.id}`, { year: 2013, title: 'Kept version' });
    await owner.delete(`${urlOf(id)}/${created.id}`, {});
    const after = await organizationOf(id);
    expect(after.version).toBe(before.version);
    expect(after.updatedAt > before.updatedAt).toBe(true);
  });
});
