import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Category,
  CategoryGroup,
  Organization,
  OrganizationListMeta,
  OrganizationSummary,
} from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import { createOrganization } from './support/factories.ts';
import { payInTestCheckout } from './support/payments.ts';
import { saveProfile } from './support/profile-saves.ts';
import { startSecondAppInstance, type SecondAppInstance } from './support/second-app-instance.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * The directory's promise: a change committed before a list request starts is in that
 * request's answer, on every server instance. Two instances share one database: on PostgreSQL
 * each has its own connection pool, as two processes do; on PGlite (one process by nature) the
 * second is another app on the same embedded database. Nothing here waits or polls: each
 * change is committed, then the very next request must show it. Every instance is asked for
 * the same filters before the change too, so whatever an instance keeps from an earlier answer
 * is put to the test.
 */

type ListBody = { data: OrganizationSummary[]; meta: OrganizationListMeta };
type Answer = Body<Organization>;

class RolledBack extends Error {}

describe('directory freshness across two server instances on one database', () => {
  const env = { DIRECTORY_CACHE_MS: '0', RATE_LIMITS: 'off' };
  let ctx: TestContext;
  let second: SecondAppInstance;
  /** Instance A writes (through its API or its connections); instance B, then A, answer. */
  let instances: { name: string; app: FastifyInstance }[];

  const list = async (app: FastifyInstance, query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/organizations${query}` });
    expect(response.statusCode, query).toBe(200);
    return response.json() as ListBody;
  };

  /** What every instance answers now, as names, total and facets. */
  async function everyInstance(query: string) {
    const answers = [];
    for (const { name, app } of instances) {
      const body = await list(app, query);
      answers.push({
        instance: name,
        names: body.data.map((organization) => organization.name),
        total: body.meta.total,
        facets: body.meta.facets,
      });
    }
    return answers;
  }

  /** The countries with a published organization, as each instance answers now. */
  async function activeCountries() {
    const answers = [];
    for (const { app } of instances) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/organizations/active-countries',
      });
      answers.push((response.json() as { data: { code: string }[] }).data.map((c) => c.code));
    }
    return answers;
  }

  /** Every instance answers `query` with exactly these names (the whole list) and facets. */
  async function expectListed(query: string, names: string[], facets: Record<string, number>) {
    expect(await everyInstance(query)).toEqual(
      instances.map(({ name }) => ({ instance: name, names, total: names.length, facets })),
    );
  }

  beforeAll(async () => {
    ctx = await createTestApp(env);
    second = await startSecondAppInstance(ctx, env);
    instances = [
      { name: 'B', app: second.app },
      { name: 'A', app: ctx.app },
    ];
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  it('runs B on its own connections to the same database when the database is PostgreSQL', () => {
    expect(second.ownPool).toBe(ctx.database.kind === 'postgres');
  });

  let waterTrust: string;
  let solarCoop: string;

  it('lists an organization published through A in B’s next answer, with its counts', async () => {
    const db = ctx.database.db;
    waterTrust = await createOrganization(db, {
      name: 'Kisumu Water Trust',
      country: 'KE',
      location: 'Kisumu',
      categoryIds: ['water_sanitation', 'nonprofit'],
      published: false,
    });
    solarCoop = await createOrganization(db, {
      name: 'Kisumu Solar Cooperative',
      country: 'KE',
      location: 'Kisumu',
      categoryIds: ['climate_action'],
      published: false,
    });
    await expectListed('?country=KE', [], {});
    await expectListed('?q=kisu%20wat', [], {});
    expect(await activeCountries()).toEqual(instances.map(() => []));

    await db.execute(sql`update organizations set published = true where id = ${waterTrust}`);

    // The country filter's choices come from the same index: Kenya is in B's next answer.
    expect(await activeCountries()).toEqual(instances.map(() => ['KE']));

    await expectListed('?country=KE', ['Kisumu Water Trust'], {
      water_sanitation: 1,
      nonprofit: 1,
    });
    await expectListed('?q=kisu%20wat', ['Kisumu Water Trust'], {
      water_sanitation: 1,
      nonprofit: 1,
    });
    await expectListed(
      '?country=KE&categories=water_sanitation,nonprofit',
      ['Kisumu Water Trust'],
      {
        water_sanitation: 1,
        nonprofit: 1,
      },
    );
    await expectListed('', ['Kisumu Water Trust'], { water_sanitation: 1, nonprofit: 1 });
  });

  it('shows an edit of name, location and categories in B’s next answer', async () => {
    await expectListed('?categories=water_sanitation', ['Kisumu Water Trust'], {
      water_sanitation: 1,
      nonprofit: 1,
    });
    await expectListed('?categories=education', [], {});
    await expectListed('?q=lake', [], {});

    await ctx.database.db.execute(sql`
      update organizations
      set name = 'Lake Basin Water Trust', location = 'Homa Bay',
          category_ids = array['education', 'nonprofit']::text[]
      where id = ${waterTrust}`);

    const [answer] = (await list(second.app, '?country=KE')).data;
    expect(answer).toMatchObject({
      id: waterTrust,
      name: 'Lake Basin Water Trust',
      location: 'Homa Bay',
      categoryIds: ['education', 'nonprofit'],
    });
    await expectListed('?country=KE', ['Lake Basin Water Trust'], { education: 1, nonprofit: 1 });
    await expectListed('?categories=water_sanitation', [], {});
    await expectListed('?categories=education', ['Lake Basin Water Trust'], {
      education: 1,
      nonprofit: 1,
    });
    await expectListed('?q=lake', ['Lake Basin Water Trust'], { education: 1, nonprofit: 1 });
    await expectListed('?q=kisumu', [], {});
  });

  it('drops an unpublished, then a deleted, organization from the next answer of both', async () => {
    const db = ctx.database.db;
    await db.execute(sql`update organizations set published = true where id = ${solarCoop}`);
    await expectListed('?country=KE', ['Kisumu Solar Cooperative', 'Lake Basin Water Trust'], {
      climate_action: 1,
      education: 1,
      nonprofit: 1,
    });

    // This time through B's own connections: A must follow as well.
    await second.database.db.execute(
      sql`update organizations set published = false where id = ${waterTrust}`,
    );
    await expectListed('?country=KE', ['Kisumu Solar Cooperative'], { climate_action: 1 });
    await expectListed('?categories=nonprofit', [], {});

    await db.execute(sql`delete from organizations where id = ${solarCoop}`);
    await expectListed('?country=KE', [], {});
    await expectListed('', [], {});
  });

  it('follows one statement that changes many rows, and ignores a rolled-back one', async () => {
    const db = ctx.database.db;
    await expectListed('?country=BR', [], {});
    const names = ['Recife Co-op 1', 'Recife Co-op 2', 'Recife Co-op 3', 'Recife Co-op 4'];
    await db.execute(sql`
      insert into organizations (name, description, location, country, category_ids, published, created_by)
      values
        (${names[0]}, 'Schools.', 'Recife', 'BR', array['education']::text[], true, 'writer'),
        (${names[1]}, 'Schools.', 'Recife', 'BR', array['education', 'cooperative']::text[], true, 'writer'),
        (${names[2]}, 'Farms.', 'Recife', 'BR', array['cooperative']::text[], true, 'writer'),
        (${names[3]}, 'Farms.', 'Recife', 'BR', array[]::text[], true, 'writer')`);
    await expectListed('?country=BR', names, { education: 2, cooperative: 2 });

    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update organizations set published = false where country = 'BR'`);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    await expectListed('?country=BR', names, { education: 2, cooperative: 2 });

    await db.execute(sql`
      update organizations set published = false
      where country = 'BR' and 'education' = any(category_ids)`);
    await expectListed('?country=BR', [names[2]!, names[3]!], { cooperative: 1 });

    await db.execute(sql`
      update organizations set name = name || ' Norte', country = 'ALL'
      where country = 'BR' and published`);
    await expectListed('?country=KE', [`${names[2]} Norte`, `${names[3]} Norte`], {
      cooperative: 1,
    });

    await db.execute(sql`delete from organizations where name like 'Recife%'`);
    await expectListed('?country=BR', [], {});
    await expectListed('', [], {});
  });

  it('lists an organization paid for, edited and deleted through A’s API in B’s next answer', async () => {
    const { browser: owner } = await signUp(ctx, 'owner@example.com');
    const categories = (await owner.get<Body<Category[]>>('/api/categories')).body.data;
    const groups = (await owner.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
    const inGroup = (group: CategoryGroup) => categories.filter((c) => c.groupId === group.id);
    const first = groups.map((group) => inGroup(group)[0]!.id);
    const last = groups.map((group) => inGroup(group).at(-1)!.id);
    const countEach = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, 1]));
    await expectListed('?country=PT', [], {});

    const created = await owner.post<Answer>('/api/organizations', {
      name: 'Tidewater Commons',
      description: 'Restores salt marshes with coastal towns.',
      country: 'PT',
      categoryIds: first,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    // Created but not paid for: not public yet.
    await expectListed('?country=PT', [], {});

    await payInTestCheckout(owner, id);
    await expectListed('?country=PT', ['Tidewater Commons'], countEach(first));

    const saved = await saveProfile(owner, id, { categoryIds: last });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await expectListed('?country=PT', ['Tidewater Marsh Trust'], countEach(last));
    await expectListed('?q=aveir%20marsh', ['Tidewater Marsh Trust'], countEach(last));
    await expectListed('?q=commons', [], {});

    const deleted = await owner.delete(`/api/organizations/${id}`, {});
    expect(deleted.status).toBe(200);
    await expectListed('?country=PT', [], {});
    await expectListed('?q=tidewater', [], {});
  });
});
