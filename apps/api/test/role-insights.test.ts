import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleApplyPath, roleErrorCodes, type Role, type RoleInsight } from '@si/contracts';
import { signUp } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { signUpOperator } from './support/operators.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const role = (apply: string, title = 'Field Coordinator') => ({
  title,
  kind: 'full_time',
  workplace: 'remote',
  remoteCountries: [],
  description: 'Coordinates the well teams.',
  apply,
});

describe("an open role's Apply clicks, counted for its owner (its page views: role-page.test.ts)", () => {
  let ctx: TestContext;
  let owner: { browser: Agent; id: string };
  let stranger: Agent;
  let operator: Agent;
  let organizationId: string;
  let visitorIp = 0;

  /** A visitor from an address of their own, sending a browser's (or another) user agent. */
  function visitor(userAgent = BROWSER) {
    visitorIp += 1;
    const agent = createAgent(ctx.app, { ip: `198.51.100.${visitorIp}` });
    return (url: string) => agent.call('GET', url, undefined, { 'user-agent': userAgent });
  }

  const post = async (id: string, body: unknown) => {
    const answer = await owner.browser.post<{ data: Role }>(`/api/organizations/${id}/roles`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  };

  /** Every role's counts, once the counts held in memory are written. */
  async function countsOf(as: Agent = owner.browser, id = organizationId) {
    await ctx.app.insights.flush();
    return as.get<{ data: RoleInsight[] }>(`/api/organizations/${id}/insights/roles`);
  }

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off', TRUST_PROXY: 'loopback' });
    owner = await signUp(ctx, 'role-insights-owner@example.org');
    ({ browser: stranger } = await signUp(ctx, 'role-insights-stranger@example.org'));
    ({ browser: operator } = await signUpOperator(ctx, 'role-insights-operator@example.org'));
    organizationId = await createOrganization(ctx.database.db, {
      name: 'Counted Roles Trust',
      createdBy: owner.id,
    });
  }, 60_000);
  afterAll(() => ctx?.close());

  it("sends a person on to the role's link, or its address, and counts each click once per person", async () => {
    const linked = await post(organizationId, role('https://counted-roles.example/jobs/1'));
    const mailed = await post(organizationId, role('jobs@counted-roles.example', 'Grant Writer'));

    const person = visitor();
    const click = await person(roleApplyPath(organizationId, linked.id));
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe('https://counted-roles.example/jobs/1');
    expect(click.headers['cache-control']).toBe('no-store');
    // Another person's click adds one.
    await visitor()(roleApplyPath(organizationId, linked.id));
    const email = await visitor()(roleApplyPath(organizationId, mailed.id));
    expect(email.status).toBe(302);
    expect(email.headers.location).toBe('mailto:jobs@counted-roles.example');
    // A crawler follows it too, and is not counted among people.
    await visitor(GOOGLEBOT)(roleApplyPath(organizationId, linked.id));

    const answer = await countsOf();
    expect(answer.status).toBe(200);
    const byRole = new Map(answer.body.data.map((entry) => [entry.roleId, entry]));
    expect(byRole.get(linked.id)).toEqual({ roleId: linked.id, views: 0, applyClicks: 2 });
    expect(byRole.get(mailed.id)).toEqual({ roleId: mailed.id, views: 0, applyClicks: 1 });
  });

  it("does not count the owner's own clicks", async () => {
    const own = await post(organizationId, role('https://counted-roles.example/jobs/own'));
    const click = await owner.browser.call(
      'GET',
      roleApplyPath(organizationId, own.id),
      undefined,
      {
        'user-agent': BROWSER,
      },
    );
    expect(click.status).toBe(302);
    const answer = await countsOf();
    expect(answer.body.data.find((entry) => entry.roleId === own.id)).toBeUndefined();
  });

  it('goes nowhere for a role that is not open, unknown, or of an unpublished organization', async () => {
    const closed = await post(organizationId, role('https://counted-roles.example/jobs/closed'));
    expect(
      (
        await owner.browser.post(
          `/api/organizations/${organizationId}/roles/${closed.id}/close`,
          {},
        )
      ).status,
    ).toBe(200);
    const gone = await visitor()(roleApplyPath(organizationId, closed.id));
    expect(gone.status).toBe(410);
    expect((gone.body as { error: { code: string } }).error.code).toBe(roleErrorCodes.roleClosed);
    expect(gone.headers.location).toBeUndefined();

    const held = await post(organizationId, role('https://counted-roles.example/jobs/held'));
    await ctx.database.db.execute(
      sql`update organization_roles set held_at = now(), held_reason = 'Spam' where id = ${held.id}`,
    );
    expect((await visitor()(roleApplyPath(organizationId, held.id))).status).toBe(410);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await visitor()(roleApplyPath(organizationId, unknown))).status).toBe(404);
    expect((await visitor()(roleApplyPath(organizationId, 'not-a-role'))).status).toBe(404);

    const hidden = await createOrganization(ctx.database.db, {
      name: 'Unpublished Roles Trust',
      createdBy: owner.id,
    });
    const hiddenRole = await post(hidden, role('https://counted-roles.example/jobs/hidden'));
    await ctx.database.db.execute(
      sql`update organizations set published = false where id = ${hidden}`,
    );
    const refused = await visitor()(roleApplyPath(hidden, hiddenRole.id));
    expect(refused.status).toBe(404);
    expect(refused.headers.location).toBeUndefined();
    // A role of another organization is not found under this one.
    expect((await visitor()(roleApplyPath(organizationId, hiddenRole.id))).status).toBe(404);

    const answer = await countsOf();
    for (const id of [closed.id, held.id]) {
      expect(answer.body.data.find((entry) => entry.roleId === id)).toBeUndefined();
    }
  });

  it('shows the counts to the owner and to operators, and to nobody else', async () => {
    expect((await countsOf(operator)).status).toBe(200);
    for (const refused of [await countsOf(stranger), await countsOf(createAgent(ctx.app))]) {
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('applyClicks');
    }
  });
});
