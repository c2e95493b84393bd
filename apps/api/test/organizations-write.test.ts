import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CATEGORY_ID,
  errorCodes,
  MAX_CATEGORIES_PER_ORGANIZATION,
  guardMessages,
  organizationFormMessages,
  sessionMessages,
  urlFieldExamples,
  type Category,
  type CategoryGroup,
  type Organization,
} from '@si/contracts';
import { countRows, signUp, type Body } from './support/accounts.ts';
import { createAgent, type Agent, type AgentResponse } from './support/browser-agent.ts';
import { payInTestCheckout } from './support/payments.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

type Answer = Body<Organization> & { error?: { fields?: Record<string, string> } };

describe('owners create, edit and delete organizations', () => {
  let ctx: TestContext;
  let owner: Agent;
  let ownerId: string;
  let oneFromEachGroup: string[];
  let groups: CategoryGroup[];
  let categories: Category[];

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off', DIRECTORY_CACHE_MS: '0' });
    ({ browser: owner, id: ownerId } = await signUp(ctx, 'owner@example.com'));
    categories = (await owner.get<Body<Category[]>>('/api/categories')).body.data;
    groups = (await owner.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
    oneFromEachGroup = groups.map(
      (group) => categories.find((category) => category.groupId === group.id)!.id,
    );
  });
  afterAll(() => ctx.close());

  const validCreate = () => ({
    name: 'Tidewater Commons',
    description: 'Restores salt marshes with coastal towns.\nTwo lines.',
    country: 'PT',
    categoryIds: oneFromEachGroup,
  });
  const create = async (agent: Agent = owner, body: unknown = validCreate()) =>
    agent.post<Answer>('/api/organizations', body);
  /** Created and paid for in the test checkout: published, and editable (the payment gate). */
  const createPaid = async () => {
    const created = (await create()).body.data;
    await payInTestCheckout(owner, created.id);
    return (await owner.get<Answer>(`/api/organizations/${created.id}`)).body.data;
  };
  const fullUpdate = (organization: Organization) => ({
    version: organization.version,
    name: 'Tidewater Commons Trust',
    description: 'Restores salt marshes.',
    country: 'ALL',
    location: 'Porto',
    foundedYear: 2011,
    websiteUrl: 'https://tidewater.example',
    linkedinUrl: 'https://www.linkedin.com/company/tidewater',
    twitterUrl: '',
    blogUrl: null,
    categoryIds: [...oneFromEachGroup].reverse(),
    categoriesOrder: Object.fromEntries(oneFromEachGroup.map((id, index) => [id, index])),
    categoriesDetails: { [oneFromEachGroup[0]!]: 'We map every marsh we restore.' },
  });

  it('creates an unpublished organization owned by the caller, visible to the owner only', async () => {
    const answer = await create();
    expect(answer.status).toBe(201);
    const created = answer.body.data;
    expect(created).toMatchObject({
      name: 'Tidewater Commons',
      createdBy: ownerId,
      paymentStatus: 'pending',
      published: false,
      subscriptionType: null,
      version: 1,
      categoryIds: oneFromEachGroup,
    });
    expect((await owner.get<Answer>(`/api/organizations/${created.id}`)).status).toBe(200);
    const mine = await owner.get<Body<Organization[]>>('/api/users/organizations');
    expect(mine.body.data.map((organization) => organization.id)).toContain(created.id);

    const stranger = createAgent(ctx.app);
    expect((await stranger.get(`/api/organizations/${created.id}`)).status).toBe(404);
    const list = await stranger.get<{ meta: { total: number } }>('/api/organizations?q=tidewater');
    expect(list.body.meta.total).toBe(0);
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain(created.id);
    const page = await ctx.app.inject({ method: 'GET', url: `/organizations/${created.id}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Tidewater');
  });

  it('refuses fields the caller may not set, and stores none of them', async () => {
    const before = await countRows(ctx, sql`select count(*)::int as n from organizations`);
    for (const field of [
      { createdBy: 'someone-else' },
      { paymentStatus: 'paid' },
      { subscriptionType: 'yearly' },
      { published: true },
      { id: randomUUID() },
      { createdAt: new Date().toISOString() },
      { updatedAt: new Date().toISOString() },
    ]) {
      const answer = await create(owner, { ...validCreate(), ...field });
      expect(answer.status, JSON.stringify(field)).toBe(400);
      expect(answer.body.error?.code).toBe('VALIDATION_FAILED');
    }
    expect(await countRows(ctx, sql`select count(*)::int as n from organizations`)).toBe(before);
  });

  it("answers each required field with the product's message; whitespace counts as empty", async () => {
    const answer = await create(owner, {
      name: '  ',
      description: '\n\t',
      country: ' ',
      categoryIds: oneFromEachGroup,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toMatchObject({
      name: organizationFormMessages.nameRequired,
      description: organizationFormMessages.descriptionRequired,
      country: organizationFormMessages.countryRequired,
    });
    const missing = await create(owner, { categoryIds: oneFromEachGroup });
    expect(missing.body.error?.fields).toMatchObject({
      name: organizationFormMessages.nameRequired,
      description: organizationFormMessages.descriptionRequired,
      country: organizationFormMessages.countryRequired,
    });
  });

  it('applies the category rule: known ids, at most 7, one from each group, naming the missing groups', async () => {
    const withoutTwo = oneFromEachGroup.slice(2);
    const missing = await create(owner, { ...validCreate(), categoryIds: withoutTwo });
    expect(missing.status).toBe(400);
    const names = groups.slice(0, 2).map((group) => group.name);
    expect(missing.body.error?.fields?.categoryIds).toBe(
      organizationFormMessages.missingGroups(names),
    );
    const eight = [
      ...oneFromEachGroup,
      categories.find((c) => !oneFromEachGroup.includes(c.id))!.id,
    ];
    // Seven groups and a limit of seven: exactly one from each (what the editor says). Seven
    // with two from one group leave a group out.
    expect(groups).toHaveLength(MAX_CATEGORIES_PER_ORGANIZATION);
    const twoFromFirst = [
      categories.find(
        (c) =>
          c.groupId === groups[0]!.id &&
          c.id !== oneFromEachGroup[0] &&
          c.id !== DEFAULT_CATEGORY_ID,
      )!.id,
      ...oneFromEachGroup.slice(0, -1),
    ];
    const doubled = await create(owner, { ...validCreate(), categoryIds: twoFromFirst });
    expect(doubled.status).toBe(400);
    expect(doubled.body.error?.fields?.categoryIds).toBe(
      organizationFormMessages.missingGroups([groups.at(-1)!.name]),
    );
    const tooMany = await create(owner, { ...validCreate(), categoryIds: eight });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.fields?.categoryIds).toBe(
      organizationFormMessages.tooManyCategories,
    );
    const unknown = await create(owner, {
      ...validCreate(),
      categoryIds: [...oneFromEachGroup.slice(1), 'no_such_category'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields?.categoryIds).toMatch(/no_such_category/);
    const none = await create(owner, { ...validCreate(), categoryIds: [] });
    expect(none.body.error?.fields?.categoryIds).toBe(organizationFormMessages.categoryRequired);
    // The placeholder category is not counted.
    const withPlaceholder = await create(owner, {
      ...validCreate(),
      categoryIds: [...oneFromEachGroup, 'default_category'],
    });
    expect(withPlaceholder.status).toBe(201);
    expect(withPlaceholder.body.data.categoryIds).toEqual(oneFromEachGroup);
  });

  it('saves every editable field, keeps the order, and bumps the version', async () => {
    const created = await createPaid();
    const saved = await owner.call<Answer>(
      'PUT',
      `/api/organizations/${created.id}`,
      fullUpdate(created),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'Tidewater Commons Trust',
      country: 'ALL',
      location: 'Porto',
      foundedYear: 2011,
      websiteUrl: 'https://tidewater.example',
      twitterUrl: null,
      blogUrl: null,
      version: 2,
      categoryIds: oneFromEachGroup,
      categoriesDetails: { [oneFromEachGroup[0]!]: 'We map every marsh we restore.' },
    });
    const read = await owner.get<Answer>(`/api/organizations/${created.id}`);
    expect(read.body.data.name).toBe('Tidewater Commons Trust');
  });

  it('saves the donate and volunteer links, keeps them when a save leaves them out, clears them with empty or null', async () => {
    const created = await createPaid();
    const put = async (changes: Record<string, unknown>) => {
      const { version } = (await owner.get<Answer>(`/api/organizations/${created.id}`)).body.data;
      return owner.call<Answer>('PUT', `/api/organizations/${created.id}`, {
        ...fullUpdate(created),
        version,
        ...changes,
      });
    };
    const links = (answer: AgentResponse<Answer>) => ({
      donateUrl: answer.body.data.donateUrl,
      volunteerUrl: answer.body.data.volunteerUrl,
    });
    expect(links(await put({}))).toEqual({ donateUrl: null, volunteerUrl: null });
    const saved = await put({
      donateUrl: ' https://tidewater.example/donate ',
      volunteerUrl: 'https://tidewater.example/volunteer',
    });
    expect(saved.status).toBe(200);
    expect(links(saved)).toEqual({
      donateUrl: 'https://tidewater.example/donate',
      volunteerUrl: 'https://tidewater.example/volunteer',
    });
    // A client written before these links sends neither: it loses nothing.
    const without = await put({ name: 'Saved without them' });
    expect(without.body.data.name).toBe('Saved without them');
    expect(links(without)).toEqual(links(saved));
    expect(links(await owner.get<Answer>(`/api/organizations/${created.id}`))).toEqual(
      links(saved),
    );
    expect(links(await put({ donateUrl: '' }))).toEqual({
      donateUrl: null,
      volunteerUrl: 'https://tidewater.example/volunteer',
    });
    expect(links(await put({ volunteerUrl: null }))).toEqual({
      donateUrl: null,
      volunteerUrl: null,
    });
    for (const field of ['donateUrl', 'volunteerUrl'] as const) {
      const refused = await put({ [field]: 'javascript:alert(1)' });
      expect(refused.status).toBe(400);
      expect(refused.body.error?.fields).toEqual({
        [field]: `Please enter a valid URL (e.g., ${urlFieldExamples[field]})`,
      });
    }
  });

  it('refuses a save made on stale data with 409 and keeps the newer one', async () => {
    const created = await createPaid();
    const firstTab = await owner.call<Answer>('PUT', `/api/organizations/${created.id}`, {
      ...fullUpdate(created),
      name: 'Saved first',
    });
    expect(firstTab.status).toBe(200);
    const secondTab = await owner.call<Answer>('PUT', `/api/organizations/${created.id}`, {
      ...fullUpdate(created),
      name: 'Saved on stale data',
    });
    expect(secondTab.status).toBe(409);
    expect(secondTab.body.error).toEqual({
      code: 'STALE_VERSION',
      message: organizationFormMessages.staleVersion,
    });
    expect((await owner.get<Answer>(`/api/organizations/${created.id}`)).body.data.name).toBe(
      'Saved first',
    );
  });

  it('validates the editable fields with the messages of the contract', async () => {
    const created = await createPaid();
    const put = (changes: Record<string, unknown>) =>
      owner.call<Answer>('PUT', `/api/organizations/${created.id}`, {
        ...fullUpdate(created),
        ...changes,
      });
    const year = new Date().getFullYear();
    for (const foundedYear of [1799, year + 1]) {
      const answer = await put({ foundedYear });
      expect(answer.status).toBe(400);
      expect(answer.body.error?.fields?.foundedYear).toBe(
        organizationFormMessages.foundedYearRange(year),
      );
    }
    for (const websiteUrl of ['javascript:alert(1)', 'ftp://x.example', 'not a url']) {
      const answer = await put({ websiteUrl });
      expect(answer.status).toBe(400);
      expect(answer.body.error?.fields?.websiteUrl).toBe(
        'Please enter a valid URL (e.g., https://example.org)',
      );
    }
    expect((await put({ description: 'x'.repeat(1001) })).body.error?.fields?.description).toBe(
      organizationFormMessages.descriptionTooLong,
    );
    expect(
      (await put({ categoriesDetails: { [oneFromEachGroup[0]!]: 'x'.repeat(2001) } })).body.error
        ?.fields?.[`categoriesDetails.${oneFromEachGroup[0]}`],
    ).toBe(organizationFormMessages.categoryDescriptionTooLong);
    expect((await put({ published: true })).status).toBe(400);
    expect((await put({ version: undefined })).status).toBe(400);
    expect((await owner.get<Answer>(`/api/organizations/${created.id}`)).body.data.version).toBe(1);
  });

  it('refuses integers the database cannot hold with 400, leaving the organization as it was', async () => {
    const created = await createPaid();
    const put = (changes: Record<string, unknown>) =>
      owner.call<Answer>('PUT', `/api/organizations/${created.id}`, {
        ...fullUpdate(created),
        name: 'Never saved',
        ...changes,
      });
    const first = oneFromEachGroup[0]!;
    const cases: [string, Record<string, unknown>][] = [
      ...[2 ** 31, 2 ** 53, 2 ** 64, -1, -(2 ** 31) - 1, 0, 1.5].map(
        (version): [string, Record<string, unknown>] => ['version', { version }],
      ),
      ...[2 ** 31, 2 ** 53, -(2 ** 31) - 1, 2000.5].map(
        (foundedYear): [string, Record<string, unknown>] => ['foundedYear', { foundedYear }],
      ),
      ...[2 ** 31, 2 ** 53, -1, 0.5].map((position): [string, Record<string, unknown>] => [
        `categoriesOrder.${first}`,
        { categoriesOrder: { [first]: position } },
      ]),
    ];
    for (const [field, changes] of cases) {
      const answer = await put(changes);
      expect(answer.status, JSON.stringify(changes)).toBe(400);
      expect(answer.body.error?.code, JSON.stringify(changes)).toBe(errorCodes.validation);
      expect(Object.keys(answer.body.error?.fields ?? {}), JSON.stringify(changes)).toContain(
        field,
      );
    }
    const after = (await owner.get<Answer>(`/api/organizations/${created.id}`)).body.data;
    expect(after).toMatchObject({ name: created.name, version: created.version });
  });

  it('deletes the organization for its owner', async () => {
    const created = (await create()).body.data;
    const answer = await owner.delete(`/api/organizations/${created.id}`, {});
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ deleted: true });
    expect((await owner.get(`/api/organizations/${created.id}`)).status).toBe(404);
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from organization_categories where organization_id = ${created.id}`,
      ),
    ).toBe(0);
  });

  it('keeps the directory counts exact through creates, saves and deletes', async () => {
    const exact = async (country: string, categoryId: string) => {
      const plain = await countRows(
        ctx,
        sql`select count(*)::int as n from organizations where published and (country = ${country} or country = 'ALL') and ${categoryId} = any(category_ids)`,
      );
      const listed = await createAgent(ctx.app).get<{
        meta: { total: number; facets: Record<string, number> };
      }>(`/api/organizations?country=${country}&categories=${categoryId}`);
      expect(listed.body.meta.total, `${country} ${categoryId}`).toBe(plain);
      return plain;
    };
    const [first, second] = [await createPaid(), await createPaid()];
    const before = await exact('PT', oneFromEachGroup[0]!);
    const fresh = (await owner.get<Answer>(`/api/organizations/${first.id}`)).body.data;
    const alternative = categories.find(
      (category) => category.groupId === groups[0]!.id && category.id !== oneFromEachGroup[0],
    )!.id;
    const moved = await owner.call<Answer>('PUT', `/api/organizations/${first.id}`, {
      ...fullUpdate(fresh),
      country: 'KE',
      categoryIds: [alternative, ...oneFromEachGroup.slice(1)],
    });
    expect(moved.status).toBe(200);
    expect(await exact('PT', oneFromEachGroup[0]!)).toBe(before - 1);
    expect(await exact('KE', alternative)).toBeGreaterThan(0);
    await owner.delete(`/api/organizations/${second.id}`, {});
    expect(await exact('PT', oneFromEachGroup[0]!)).toBe(before - 2);
    await exact('KE', oneFromEachGroup[1]!);
  });

  it('moves the directory version only when a save changes what the directory shows', async () => {
    const created = await createPaid();
    await ctx.database.db.execute(
      sql`update organizations set published = true where id = ${created.id}`,
    );
    // Every list request reads this version; a write that moves it makes each server process
    // read the organization again, and holds the version row until it commits.
    const directoryVersion = async () =>
      (
        (await ctx.database.db.execute(
          sql`select version::int as v from directory_state`,
        )) as unknown as { rows: { v: number }[] }
      ).rows[0]?.v;
    const before = await directoryVersion();
    const fresh = (await owner.get<Answer>(`/api/organizations/${created.id}`)).body.data;
    const linksOnly = await owner.call<Answer>('PUT', `/api/organizations/${created.id}`, {
      ...fullUpdate(fresh),
      name: fresh.name,
      description: fresh.description,
      location: fresh.location,
      country: fresh.country,
      categoryIds: fresh.categoryIds,
      categoriesOrder: Object.fromEntries(fresh.categoryIds.map((id, index) => [id, index])),
      websiteUrl: 'https://links-only.example.org',
    });
    expect(linksOnly.status).toBe(200);
    expect(await directoryVersion()).toBe(before);
    const words = await owner.call<Answer>('PUT', `/api/organizations/${created.id}`, {
      ...fullUpdate(linksOnly.body.data),
      name: fresh.name,
      country: fresh.country,
      categoryIds: fresh.categoryIds,
      description: 'Only the words changed.',
    });
    expect(words.status).toBe(200);
    expect(await directoryVersion()).toBe(before! + 1);
  });

  describe('access matrix: nobody but the owner changes anything', () => {
    let published: Organization;
    let unpublished: Organization;
    const callers: { name: string; agent: () => Promise<Agent>; create: number }[] = [];
    const roleIds = new Map<string, string>();
    const role = {
      title: 'Boat builder',
      kind: 'full_time',
      workplace: 'remote',
      description: 'Builds boats.',
      apply: 'https://tidewater.example/jobs',
    };
    /** The owner-only role calls (ADR 042): refused exactly as PUT of the organization is. */
    const roleCalls = (target: Organization) => {
      const roles = `/api/organizations/${target.id}/roles`;
      const one = `${roles}/${roleIds.get(target.id)}`;
      return [
        ['POST', roles, role],
        ['PUT', one, role],
        ['POST', `${one}/close`, {}],
        ['POST', `${one}/reopen`, {}],
        ['DELETE', one, {}],
      ] as const;
    };
    const milestoneIds = new Map<string, string>();

    beforeAll(async () => {
      published = (await create()).body.data;
      unpublished = (await create()).body.data;
      await ctx.database.db.execute(
        sql`update organizations set published = true, payment_status = 'paid' where id = ${published.id}`,
      );
      published = (await owner.get<Answer>(`/api/organizations/${published.id}`)).body.data;
      // A role and a milestone on each, for the calls that change or delete them.
      for (const target of [published, unpublished]) {
        const inserted = (await ctx.database.db.execute(sql`
          insert into organization_roles (organization_id, title, kind, workplace, description, apply, closes_on)
          values (${target.id}, 'Boat builder', 'full_time', 'remote', 'Builds boats.', 'https://tidewater.example/jobs', current_date + 30)
          returning id`)) as unknown as { rows: { id: string }[] };
        roleIds.set(target.id, inserted.rows[0]!.id);
        milestoneIds.set(target.id, randomUUID());
        await ctx.database.db.execute(
          sql`insert into organization_milestones (id, organization_id, year, title) values (${milestoneIds.get(target.id)}, ${target.id}, 2014, 'Founded')`,
        );
      }
      callers.push(
        { name: 'signed-out visitor', agent: async () => createAgent(ctx.app), create: 401 },
        {
          name: 'guest',
          agent: async () => {
            const guest = createAgent(ctx.app);
            await guest.post('/api/auth/sign-in/anonymous');
            return guest;
          },
          create: 403,
        },
        {
          name: 'unverified user',
          agent: async () =>
            (await signUp(ctx, `unverified-${randomUUID()}@example.com`, { verified: false }))
              .browser,
          create: 403,
        },
        {
          name: 'another verified user',
          agent: async () => (await signUp(ctx, `other-${randomUUID()}@example.com`)).browser,
          create: 201,
        },
      );
    });

    const snapshot = async () =>
      (
        (await ctx.database.db.execute(
          sql`select o.id, o.name, o.version, o.updated_at, o.logo, coalesce(json_agg(c.category_id order by c.category_id), '[]') as links,
                (select json_agg(m order by m.id) from organization_milestones m where m.organization_id = o.id) as milestones
              from organizations o left join organization_categories c on c.organization_id = o.id
              where o.id in (${published.id}, ${unpublished.id}) group by o.id order by o.id`,
        )) as unknown as { rows: unknown[] }
      ).rows;

    const roleSnapshot = async () =>
      (
        (await ctx.database.db.execute(
          sql`select id, organization_id, title, closes_on, closed_at, updated_at from organization_roles
              where organization_id in (${published.id}, ${unpublished.id}) order by id`,
        )) as unknown as { rows: unknown[] }
      ).rows;

    it('refuses every owner-only call from anyone else, and changes nothing', async () => {
      const before = await snapshot();
      const rolesBefore = await roleSnapshot();
      expect(rolesBefore).toHaveLength(2);
      const results: string[] = [];
      for (const caller of callers) {
        const agent = await caller.agent();
        for (const target of [published, unpublished]) {
          const expected =
            caller.create === 401
              ? 401
              : caller.create === 403
                ? 403
                : target.published
                  ? 403
                  : 404;
          const put = await agent.call(
            'PUT',
            `/api/organizations/${target.id}`,
            fullUpdate(target),
          );
          const del = await agent.delete(`/api/organizations/${target.id}`, {});
          // The milestones (ADR 042) are refused as the profile is.
          const milestones = `/api/organizations/${target.id}/milestones`;
          const milestone = { year: 2015, title: 'Not theirs' };
          const milestoneId = milestoneIds.get(target.id)!;
          const milestoneCalls = {
            'POST milestone': await agent.post(milestones, milestone),
            'PUT milestone': await agent.call('PUT', `${milestones}/${milestoneId}`, milestone),
            'DELETE milestone': await agent.delete(`${milestones}/${milestoneId}`, {}),
          };
          results.push(
            `${caller.name} ${target.published ? 'published' : 'unpublished'}: PUT ${put.status} DELETE ${del.status}`,
          );
          expect(put.status, `${caller.name} PUT`).toBe(expected);
          expect(del.status, `${caller.name} DELETE`).toBe(expected);
          // The invitations (ADR 049) are the owners' too.
          const invitations = `/api/organizations/${target.id}/invitations`;
          const someInvitation = `${invitations}/${randomUUID()}`;
          for (const [method, url, body] of [
            ...roleCalls(target),
            ['POST', invitations, { email: 'invited@example.com', role: 'owner' }],
            ['GET', invitations, undefined],
            ['POST', `${someInvitation}/resend`, {}],
            ['DELETE', someInvitation, {}],
            // The activity (ADR 048) is the owners' to read.
            ['GET', `/api/organizations/${target.id}/activity`, undefined],
          ] as const) {
            const answer = await agent.call(method, url, body);
            expect(answer.status, `${caller.name} ${method} ${url}`).toBe(expected);
          }
          // Every role of the organization is its owner's to list; others are told it is not there.
          const allRoles = await agent.get(`/api/organizations/${target.id}/roles?status=all`);
          expect(allRoles.status, `${caller.name} GET roles?status=all`).toBe(404);
          for (const [call, answer] of Object.entries(milestoneCalls)) {
            expect(answer.status, `${caller.name} ${call}`).toBe(expected);
            expect(answer.body, `${caller.name} ${call}`).toEqual(put.body);
          }
        }
        const seenUnpublished = await agent.get(`/api/organizations/${unpublished.id}`);
        expect(seenUnpublished.status, `${caller.name} GET unpublished`).toBe(404);
        for (const url of [
          `/api/organizations/${unpublished.id}/roles`,
          `/api/organizations/${unpublished.id}/roles/${roleIds.get(unpublished.id)}`,
        ]) {
          expect((await agent.get(url)).status, `${caller.name} GET ${url}`).toBe(404);
        }
        const unpublishedMilestones = await agent.get(
          `/api/organizations/${unpublished.id}/milestones`,
        );
        expect(unpublishedMilestones.status, `${caller.name} GET unpublished milestones`).toBe(404);
      }
      expect(await snapshot()).toEqual(before);
      expect(await roleSnapshot()).toEqual(rolesBefore);
      const invited = (await ctx.database.db.execute(
        sql`select id from organization_invitations`,
      )) as unknown as { rows: unknown[] };
      expect(invited.rows).toEqual([]);
      expect(results).toHaveLength(8);
    });

    it('lets anyone report an open role of a published organization, and only an operator hold one (ADR 045)', async () => {
      const operator = await signUp(ctx, `matrix-operator-${randomUUID()}@example.com`);
      await ctx.database.db.execute(
        sql`update users set operator_since = now() where id = ${operator.id}`,
      );
      const everyone = [
        ...callers.map((caller) => ({
          name: caller.name,
          agent: caller.agent,
          status: caller.create === 401 ? 401 : 403,
        })),
        { name: 'owner', agent: async () => owner, status: 403 },
      ];
      const updatedAt = async (roleId: string) =>
        (
          (await ctx.database.db.execute(
            sql`select updated_at from organization_roles where id = ${roleId}`,
          )) as unknown as { rows: { updated_at: string }[] }
        ).rows[0]!.updated_at;
      const rolesBefore = await roleSnapshot();
      for (const caller of [
        ...everyone,
        { name: 'operator', agent: async () => operator.browser, status: 0 },
      ]) {
        const agent = await caller.agent();
        for (const target of [published, unpublished]) {
          const roleId = roleIds.get(target.id)!;
          // Reports only reach the operators: anyone may send one about a public role, nobody
          // (its owner neither) about a role nobody else can see.
          const reported = await agent.post(
            `/api/organizations/${target.id}/roles/${roleId}/reports`,
            { reason: 'other' },
          );
          expect(reported.status, `${caller.name} reports`).toBe(target.published ? 200 : 404);
          if (caller.name === 'operator') continue;
          for (const action of ['hold', 'release']) {
            const answer = await agent.post(
              `/api/admin/organizations/${target.id}/roles/${roleId}/${action}`,
              { reason: 'Not theirs', updatedAt: new Date(await updatedAt(roleId)).toISOString() },
            );
            expect(answer.status, `${caller.name} ${action}`).toBe(caller.status);
          }
        }
      }
      expect(await roleSnapshot()).toEqual(rolesBefore);
      // The operator holds the published organization's role, and releases it.
      const roleId = roleIds.get(published.id)!;
      for (const action of ['hold', 'release']) {
        const answer = await operator.browser.post(
          `/api/admin/organizations/${published.id}/roles/${roleId}/${action}`,
          { reason: 'Checked', updatedAt: new Date(await updatedAt(roleId)).toISOString() },
        );
        expect(answer.status, `operator ${action}`).toBe(200);
      }
    });

    it('lets only signed-in, permanent, verified users create, as themselves', async () => {
      for (const caller of callers) {
        const agent = await caller.agent();
        const answer = await create(agent);
        expect(answer.status, caller.name).toBe(caller.create);
        if (caller.create === 401) {
          expect(answer.body.error?.message).toBe(sessionMessages.loginRequired);
        }
        if (caller.name === 'guest') {
          expect(answer.body.error?.message).toBe(guardMessages.permanentAccountToCreate);
        }
        if (caller.name === 'unverified user') {
          expect(answer.body.error?.message).toBe(organizationFormMessages.verifyFirst);
        }
      }
    });
  });
});
