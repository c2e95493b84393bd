import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  webhookMessages,
  type AuditEntry,
  type Category,
  type CategoryGroup,
  type WebhookEndpoint,
} from '@si/contracts';
import type { Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { publishedOrganizationOf } from './support/operators.ts';
import { saveProfile } from './support/profile-saves.ts';
import { day, validRole } from './support/roles.ts';
import type { TestContext } from './support/test-app.ts';
import {
  deliveriesOf,
  registerEndpoint,
  verified,
  webhookWorld,
  type WebhookWorld,
} from './support/webhooks.ts';

/**
 * Webhooks for partners (ADR 056): an operator registers an endpoint (its secret answered once,
 * kept sealed), each change that publishes, updates or unpublishes an organization or opens or
 * closes a role is delivered as JSON that Standard Webhooks' own verify accepts, and only the
 * events an endpoint wants reach it.
 */

const { world, url, receivedAt } = webhookWorld('hooks');
let ctx: TestContext;
let operator: Agent;
let owner: WebhookWorld['owner'];
beforeAll(() => void ({ ctx, operator, owner } = world));

const send = () => ctx.app.jobs.sendWebhooks(new Date());

describe('registering an endpoint', () => {
  it('answers the secret once, keeps it sealed, lists the endpoint without it, and audits', async () => {
    const created = await registerEndpoint(operator, url('/registered'));
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await operator.get<Body<WebhookEndpoint[]>>('/api/admin/webhooks');
    const listed = list.body.data.find((endpoint) => endpoint.id === created.id)!;
    expect(listed).toMatchObject({ url: url('/registered'), enabled: true });
    expect(JSON.stringify(list.body)).not.toContain(created.secret);

    const stored = (await ctx.database.db.execute(
      sql`select sealed_secret from webhook_endpoints where id = ${created.id}`,
    )) as unknown as { rows: { sealed_secret: string }[] };
    const sealed = stored.rows[0]!.sealed_secret;
    expect(sealed).not.toContain(created.secret.slice(6));

    const audit = await operator.get<Body<AuditEntry[]>>('/api/admin/audit?q=webhook.create');
    expect(audit.body.data[0]).toMatchObject({
      action: 'webhook.create',
      targetId: created.id,
      actorEmail: 'hooks-operator@example.org',
    });
  });

  it('refuses a URL that is not a URL, events it does not know, and non-operators', async () => {
    const bad = await operator.post<Body<never>>('/api/admin/webhooks', {
      url: 'partner hooks',
      events: ['organization.published'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(webhookMessages.urlInvalid);

    const unknown = await operator.post<Body<never>>('/api/admin/webhooks', {
      url: url('/x'),
      events: ['organization.renamed'],
    });
    expect(unknown.status).toBe(400);

    const none = await operator.post<Body<never>>('/api/admin/webhooks', {
      url: url('/x'),
      events: [],
    });
    expect(none.status).toBe(400);

    const stranger = await owner.browser.post<Body<never>>('/api/admin/webhooks', {
      url: url('/x'),
      events: ['organization.published'],
    });
    expect(stranger.status).toBe(403);
    expect((await owner.browser.get('/api/admin/webhooks')).status).toBe(403);
  });
});

describe('events', () => {
  it('delivers each change the endpoint wants, signed, and nothing else', async () => {
    const all = await registerEndpoint(operator, url('/all'), [
      'organization.published',
      'organization.updated',
      'organization.unpublished',
      'role.opened',
      'role.closed',
    ]);
    const rolesOnly = await registerEndpoint(operator, url('/roles'), ['role.opened']);

    const organizationId = await publishedOrganizationOf(ctx, owner, 'Kelp Forest Guild');
    const categories = (await owner.browser.get<Body<Category[]>>('/api/categories')).body.data;
    const groups = (await owner.browser.get<Body<CategoryGroup[]>>('/api/category-groups')).body
      .data;
    const saved = await saveProfile(owner.browser, organizationId, {
      categoryIds: groups.map(
        (group) => categories.find((category) => category.groupId === group.id)!.id,
      ),
      name: 'Kelp Forest Guild',
      description: 'Replants kelp along the coast.',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const role = await owner.browser.post<Body<{ id: string }>>(
      `/api/organizations/${organizationId}/roles`,
      validRole({ title: 'Kelp diver' }),
    );
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const roleId = role.body.data.id;
    expect(
      (await owner.browser.post(`/api/organizations/${organizationId}/roles/${roleId}/close`))
        .status,
    ).toBe(200);
    const versions = (await ctx.database.db.execute(
      sql`select version from organizations where id = ${organizationId}`,
    )) as unknown as { rows: { version: number }[] };
    const held = await operator.post(`/api/admin/organizations/${organizationId}/hold`, {
      reason: 'Checking a complaint',
      version: versions.rows[0]!.version,
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);

    expect((await send()).delivered).toBe(6);

    // One batch goes out at once, so the order they arrive in is not the order they happened.
    const events = receivedAt('/all').map((request) => verified(all.secret, request));
    const ofType = (type: string) => events.filter((event) => event.type === type);
    expect(events.map((event) => event.type).sort()).toEqual([
      'organization.published',
      'organization.unpublished',
      'organization.updated',
      'role.closed',
      'role.opened',
    ]);
    expect(ofType('organization.published')[0]!.data).toMatchObject({
      id: organizationId,
      name: 'Kelp Forest Guild',
      country: 'KE',
    });
    // The save moved it: the update carries the organization as it is now.
    expect(ofType('organization.updated')[0]!.data).toMatchObject({ country: 'PT' });
    expect(ofType('role.opened')[0]!.data).toMatchObject({
      id: roleId,
      organizationId,
      title: 'Kelp diver',
    });
    expect(ofType('role.closed')[0]!.data).toMatchObject({ id: roleId });
    expect(ofType('organization.unpublished')[0]!.data).toMatchObject({ id: organizationId });
    const times = events.map((event) => Date.parse(event.timestamp));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);

    const [opened] = receivedAt('/roles');
    expect(receivedAt('/roles')).toHaveLength(1);
    expect(verified(rolesOnly.secret, opened!).type).toBe('role.opened');
    // The role's event and the first endpoint's copy of it share one id: the event's.
    const idsOf = (path: string) =>
      receivedAt(path).map((request) => request.headers['webhook-id']);
    expect(idsOf('/all')).toContain(idsOf('/roles')[0]);

    // Another endpoint's secret does not verify it.
    expect(() => verified(rolesOnly.secret, receivedAt('/all')[0]!)).toThrow();

    const { deliveries } = await deliveriesOf(operator, all.id);
    expect(deliveries).toHaveLength(5);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastResponseCode: 204 });
    }

    // Nothing is sent twice.
    expect((await send()).delivered).toBe(0);
    expect(receivedAt('/all')).toHaveLength(5);
  });

  it('queues no event while no enabled endpoint wants it, and none for a disabled one', async () => {
    const quiet = await registerEndpoint(operator, url('/quiet'), ['organization.published']);
    const off = await operator.call<Body<WebhookEndpoint>>(
      'PATCH',
      `/api/admin/webhooks/${quiet.id}`,
      { enabled: false },
    );
    expect(off.body.data.enabled).toBe(false);
    await publishedOrganizationOf(ctx, owner, 'Dune Keepers');
    await send();
    expect(receivedAt('/quiet')).toHaveLength(0);
    expect((await deliveriesOf(operator, quiet.id)).deliveries).toHaveLength(0);
  });

  it('announces a role whose closing date passed as closed, once, and not one closed before', async () => {
    const closings = await registerEndpoint(operator, url('/closings'), ['role.closed']);
    const organizationId = await publishedOrganizationOf(ctx, owner, 'Estuary Watch');
    const post = async (title: string) => {
      const role = await owner.browser.post<Body<{ id: string }>>(
        `/api/organizations/${organizationId}/roles`,
        validRole({ title, closesOn: day(2) }),
      );
      expect(role.status, JSON.stringify(role.body)).toBe(201);
      return role.body.data.id;
    };
    const expiring = await post('Tide gauge reader');
    const closedEarly = await post('Boat keeper');
    const closed = await owner.browser.post(
      `/api/organizations/${organizationId}/roles/${closedEarly}/close`,
    );
    expect(closed.status).toBe(200);
    await send();
    expect(
      receivedAt('/closings').map((request) => verified(closings.secret, request).data.id),
    ).toEqual([closedEarly]);

    // Its last day is not over yet: nothing.
    expect(await ctx.app.jobs.announceExpiredRoles(new Date(`${day(2)}T23:59:00Z`))).toBe(0);
    // The day after, once, though two runs overlap.
    const after = new Date(`${day(3)}T00:30:00Z`);
    const runs = await Promise.all([
      ctx.app.jobs.announceExpiredRoles(after),
      ctx.app.jobs.announceExpiredRoles(after),
    ]);
    expect(runs.reduce((sum, each) => sum + each, 0)).toBe(1);
    expect(await ctx.app.jobs.announceExpiredRoles(new Date(`${day(4)}T12:00:00Z`))).toBe(0);
    await send();
    const events = receivedAt('/closings').map((request) => verified(closings.secret, request));
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      type: 'role.closed',
      data: { id: expiring, organizationId, title: 'Tide gauge reader', closesOn: day(2) },
    });
  });
});
