import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationListMeta, OrganizationSummary } from '@si/contracts';
import type { Database } from '../src/db/client.ts';
import { organizationRoles } from '../src/db/schema.ts';
import { createOrganization } from './support/factories.ts';
import { startSecondAppInstance, type SecondAppInstance } from './support/second-app-instance.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * The directory's "Hiring" filter and each list item's count of open roles (ADR 042): a role
 * is open while it is neither closed nor held and its closing day (UTC) has not passed, and
 * only published organizations are listed. Roles are written straight into organization_roles,
 * as any writer may: the next list answer, on either of two server instances on one database,
 * must show them, with no wait. Every organization here carries one made-up word in its name,
 * and every list asks for it, so other tests' organizations never count.
 */

type ListBody = { data: OrganizationSummary[]; meta: OrganizationListMeta };

const DAY = 86_400_000;
const utcDate = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describe('the directory’s hiring filter and open-role counts', () => {
  const env = { DIRECTORY_CACHE_MS: '0', RATE_LIMITS: 'off' };
  let ctx: TestContext;
  let second: SecondAppInstance;
  let instances: { name: string; app: FastifyInstance }[];
  /** Letters only: one lexeme, whatever the parser. */
  const tag = `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
  const ids: Record<string, string> = {};

  const list = async (app: FastifyInstance, query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/organizations?q=${tag}&limit=50${query}`,
    });
    expect(response.statusCode, query).toBe(200);
    return response.json() as ListBody;
  };

  /** What each instance answers: names with their open roles, total and hiring count. */
  async function everyInstance(query: string) {
    const answers = [];
    for (const { name, app } of instances) {
      const { data, meta } = await list(app, query);
      answers.push({
        instance: name,
        listed: data.map((item) => `${item.name.replace(` ${tag}`, '')}: ${item.openRoles}`),
        total: meta.total,
        hiring: meta.hiring,
      });
    }
    return answers;
  }

  async function expectHiring(listed: string[]) {
    expect(await everyInstance('&hiring=true')).toEqual(
      instances.map(({ name }) => ({
        instance: name,
        listed,
        total: listed.length,
        hiring: listed.length,
      })),
    );
  }

  async function addRole(
    db: Database,
    organization: string,
    closesOn: string,
    marks: { closedAt?: Date; heldAt?: Date } = {},
  ) {
    const [row] = await db
      .insert(organizationRoles)
      .values({
        organizationId: ids[organization]!,
        title: `Role at ${organization}`,
        kind: 'full_time',
        workplace: 'remote',
        description: 'Work that matters.',
        apply: 'https://example.org/jobs/1',
        closesOn,
        closedAt: marks.closedAt ?? null,
        heldAt: marks.heldAt ?? null,
        heldReason: marks.heldAt ? 'Under review' : null,
      })
      .returning({ id: organizationRoles.id });
    return row!.id;
  }

  beforeAll(async () => {
    ctx = await createTestApp(env);
    second = await startSecondAppInstance(ctx, env);
    instances = [
      { name: 'B', app: second.app },
      { name: 'A', app: ctx.app },
    ];
    const db = ctx.database.db;
    for (const name of ['Alder', 'Birch', 'Cedar', 'Damson', 'Elder', 'Fir', 'Gorse']) {
      ids[name] = await createOrganization(db, {
        name: `${name} ${tag}`,
        published: name !== 'Elder',
      });
    }
    await addRole(db, 'Alder', utcDate(10));
    await addRole(db, 'Birch', utcDate(10), { closedAt: new Date() });
    await addRole(db, 'Cedar', utcDate(10), { heldAt: new Date() });
    await addRole(db, 'Damson', utcDate(-1));
    await addRole(db, 'Elder', utcDate(10));
    // Its last day is today: open through the end of it.
    await addRole(db, 'Gorse', utcDate(0));
    await addRole(db, 'Gorse', utcDate(3));
    await addRole(db, 'Gorse', utcDate(30));
    await addRole(db, 'Gorse', utcDate(-2));
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  it('lists only published organizations with an open role, with exact counts', async () => {
    await expectHiring(['Alder: 1', 'Gorse: 3']);
    // Without the filter every published one is listed, each with its count of open roles.
    expect(await everyInstance('')).toEqual(
      instances.map(({ name }) => ({
        instance: name,
        listed: ['Alder: 1', 'Birch: 0', 'Cedar: 0', 'Damson: 0', 'Fir: 0', 'Gorse: 3'],
        total: 6,
        hiring: 2,
      })),
    );
  });

  it('counts hiring among the other filters, and refuses any value but true', async () => {
    const { meta } = await list(ctx.app, '&hiring=true&categories=climate_action');
    expect(meta).toMatchObject({
      total: 2,
      hiring: 2,
      facets: { climate_action: 2, nonprofit: 2 },
    });
    expect((await list(ctx.app, '&hiring=true&country=PT')).meta).toMatchObject({
      total: 0,
      hiring: 0,
    });
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/organizations?hiring=false',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('hiring takes only true');
  });

  it('shows a role written, closed, held or deleted directly in the next answer of both', async () => {
    const db = ctx.database.db;
    const firRole = await addRole(db, 'Fir', utcDate(5));
    await expectHiring(['Alder: 1', 'Fir: 1', 'Gorse: 3']);

    // Through B's own connections this time: A must follow as well.
    await second.database.db
      .update(organizationRoles)
      .set({ closedAt: new Date() })
      .where(eq(organizationRoles.organizationId, ids.Alder!));
    await expectHiring(['Fir: 1', 'Gorse: 3']);

    await db
      .update(organizationRoles)
      .set({ heldAt: new Date(), heldReason: 'Under review' })
      .where(eq(organizationRoles.id, firRole));
    await expectHiring(['Gorse: 3']);

    await db
      .update(organizationRoles)
      .set({ heldAt: null, heldReason: null })
      .where(eq(organizationRoles.id, firRole));
    await db
      .update(organizationRoles)
      .set({ closesOn: utcDate(-1) })
      .where(eq(organizationRoles.organizationId, ids.Gorse!));
    await expectHiring(['Fir: 1']);

    await db.delete(organizationRoles).where(eq(organizationRoles.id, firRole));
    await expectHiring([]);
  });

  it('lists an organization’s open roles once it is published, and not after', async () => {
    const db = ctx.database.db;
    await db.execute(sql`update organizations set published = true where id = ${ids.Elder!}`);
    await expectHiring(['Elder: 1']);
    await db.execute(sql`update organizations set published = false where id = ${ids.Elder!}`);
    await expectHiring([]);
    // A role of an unpublished organization moves nothing the directory shows.
    await addRole(db, 'Elder', utcDate(8));
    await expectHiring([]);
  });
});
