import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@si/contracts';
import { createAgent, type Agent } from '../support/browser-agent.ts';
import { signUp } from '../support/accounts.ts';
import { createOrganization } from '../support/factories.ts';
import { insertReport, signUpOperator } from '../support/operators.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

/**
 * The access matrix of the operator's console (ADR 028): every /api/admin operation, read from
 * the OpenAPI document (so a new route joins by existing), asked by each kind of caller. Only
 * an operator signed in within 12 hours gets an answer; every refusal changes nothing.
 */

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

let ctx: TestContext;
let operations: Operation[];
let organizationId: string;
let reportId: string;
let targetUserId: string;
let emailId: number;
let subscriberId: string;
let roleId: string;
let webhookEndpointId: string;
let webhookDeliveryId: number;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMITS: 'off' });
  const document = (await ctx.app.inject('/api/docs/json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path }) as Operation),
    );
  const owner = await signUp(ctx, 'matrix-owner@example.org');
  organizationId = await createOrganization(ctx.database.db, {
    name: 'Matrix Org',
    createdBy: owner.id,
  });
  // Verified, so that an operator's revocation has a badge to take.
  await ctx.database.db.execute(
    sql`update organizations set verified_domain = 'matrix.example.org', verified_at = now() where id = ${organizationId}`,
  );
  reportId = await insertReport(ctx, organizationId, { details: 'Reported for the matrix' });
  const [role] = (
    (await ctx.database.db.execute(sql`
      insert into organization_roles (organization_id, title, kind, workplace, description, apply, closes_on)
      values (${organizationId}, 'Matrix role', 'full_time', 'remote', 'For the matrix.', 'https://matrix.example.org/jobs', current_date + 30)
      returning id`)) as unknown as { rows: { id: string }[] }
  ).rows;
  roleId = role!.id;
  targetUserId = (await signUp(ctx, 'matrix-target@example.org')).id;
  const [email] = (
    (await ctx.database.db.execute(
      sql`select max(id)::int as id from email_outbox`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  emailId = email!.id;
  await ctx.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email: 'matrix-reader@example.org' },
  });
  const [subscriber] = (
    (await ctx.database.db.execute(
      sql`select id from newsletter_subscribers where email = 'matrix-reader@example.org'`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  subscriberId = subscriber!.id;
  const [webhook] = (
    (await ctx.database.db.execute(sql`
      with endpoint as (
        insert into webhook_endpoints (url, events, sealed_secret, created_by)
        values ('https://hooks.matrix.example/in', '{organization.published}', 'v1:x:x:x', 'matrix')
        returning id),
      event as (
        insert into webhook_events (type, data) values ('organization.published', '{}') returning id)
      insert into webhook_deliveries (event_id, endpoint_id)
      select event.id, endpoint.id from event, endpoint
      returning endpoint_id, id::int as delivery_id`)) as unknown as {
      rows: { endpoint_id: string; delivery_id: number }[];
    }
  ).rows;
  webhookEndpointId = webhook!.endpoint_id;
  webhookDeliveryId = webhook!.delivery_id;
});
afterAll(() => ctx.close());

/** Everything an admin operation could change, as one value to compare. */
async function state(): Promise<string> {
  const result = (await ctx.database.db.execute(sql`
    select json_build_object(
      'organizations', (select json_agg(o order by o.id) from (select id, name, published, held_by_operator, verified_domain, version from organizations) o),
      'reports', (select json_agg(r order by r.id) from (select id, status, resolution from profile_reports) r),
      'roles', (select json_agg(r order by r.id) from (select id, held_at, held_reason, updated_at from organization_roles) r),
      'audit', (select count(*) from audit_log),
      'users', (select json_agg(u order by u.id) from (select id, operator_since, disabled_at from users) u),
      'members', (select json_agg(m order by m.organization_id, m.user_id) from (select organization_id, user_id, role from organization_members) m),
      'activity', (select count(*) from organization_activity),
      'sessions', (select count(*) from sessions),
      'emails', (select count(*) from email_outbox),
      'guestCodes', (select json_agg(g order by g.code) from (select code, disabled_at from guest_codes) g),
      'newsletter', (select json_agg(n order by n.id) from (select id, confirmed_at from newsletter_subscribers) n),
      'newsletterLine', (select json_agg(l) from (select * from newsletter_settings) l),
      'webhooks', (select json_agg(w order by w.id) from (select id, url, events, enabled from webhook_endpoints) w),
      'deliveries', (select json_agg(d order by d.id) from (select id, status, next_attempt_at from webhook_deliveries) d)
    )::text as state`)) as unknown as { rows: { state: string }[] };
  return result.rows[0]!.state;
}

const versionOf = async () =>
  (
    (await ctx.database.db.execute(
      sql`select version from organizations where id = ${organizationId}`,
    )) as unknown as { rows: { version: number }[] }
  ).rows[0]!.version;

const roleUpdatedAt = async () =>
  (
    (await ctx.database.db.execute(
      sql`select updated_at from organization_roles where id = ${roleId}`,
    )) as unknown as { rows: { updated_at: string | Date }[] }
  ).rows[0]!.updated_at;

/** A valid request for the operation, on the matrix's organization, role and report. */
async function requestFor(operation: Operation) {
  const url = operation.path
    .replace('/roles/{roleId}', `/roles/${roleId}`)
    .replace('/reports/{id}', `/reports/${reportId}`)
    .replace('/users/{id}', `/users/${targetUserId}`)
    .replace('/emails/{id}', `/emails/${emailId}`)
    .replace('/guest-codes/{code}', '/guest-codes/MATRIX-CODE')
    .replace('/subscribers/{id}', `/subscribers/${subscriberId}`)
    .replace('/webhooks/{id}', `/webhooks/${webhookEndpointId}`)
    .replace('/deliveries/{deliveryId}', `/deliveries/${webhookDeliveryId}`)
    .replace('{id}', organizationId);
  if (operation.method === 'GET') return { url, body: undefined };
  const reason = 'Matrix check';
  if (url.endsWith('/resolve')) return { url, body: { action: 'dismiss', reason } };
  if (url.endsWith('/resend') || operation.method === 'DELETE') return { url, body: undefined };
  if (url.endsWith('/admin/webhooks')) {
    return { url, body: { url: 'https://hooks.matrix.example/new', events: ['role.opened'] } };
  }
  if (url.includes('/webhooks/')) return { url, body: { enabled: true } };
  if (url.endsWith('/newsletter/line')) return { url, body: { line: reason } };
  if (url.endsWith('/owners')) return { url, body: { email: 'matrix-target@example.org', reason } };
  if (url.includes('/users/') || url.includes('/guest-codes/')) return { url, body: { reason } };
  if (url.includes('/roles/')) {
    return { url, body: { reason, updatedAt: new Date(await roleUpdatedAt()).toISOString() } };
  }
  if (url.endsWith('/refund')) {
    return { url, body: { reason, version: await versionOf(), unpublish: 'now' } };
  }
  if (url.endsWith('/guest-codes')) {
    return {
      url,
      body: { code: 'MATRIX-CODE', maxUses: 1, grantMonths: 1, lastDay: '2099-01-01' },
    };
  }
  return { url, body: { reason, version: await versionOf() } };
}

const send = async (agent: Agent, operation: Operation) => {
  const { url, body } = await requestFor(operation);
  return agent.call(operation.method, url, body);
};

const callers: { name: string; status: number; make: () => Promise<Agent> }[] = [
  { name: 'a signed-out visitor', status: 401, make: async () => createAgent(ctx.app) },
  {
    name: 'a guest',
    status: 403,
    make: async () => {
      const guest = createAgent(ctx.app);
      await guest.post('/api/auth/sign-in/anonymous');
      return guest;
    },
  },
  {
    name: 'an unverified user',
    status: 403,
    make: async () =>
      (await signUp(ctx, 'matrix-unverified@example.org', { verified: false })).browser,
  },
  {
    name: 'a verified user',
    status: 403,
    make: async () => (await signUp(ctx, 'matrix-verified@example.org')).browser,
  },
  {
    name: 'an organization owner',
    status: 403,
    make: async () => {
      const owner = await signUp(ctx, 'matrix-other-owner@example.org');
      await createOrganization(ctx.database.db, { name: 'Owned Elsewhere', createdBy: owner.id });
      return owner.browser;
    },
  },
  {
    name: 'a disabled operator',
    status: 403,
    make: async () => {
      const operator = await signUpOperator(ctx, 'matrix-disabled@example.org');
      await ctx.database.db.execute(
        sql`update users set disabled_at = now() where id = ${operator.id}`,
      );
      return operator.browser;
    },
  },
  {
    name: 'an operator signed in 13 hours ago',
    status: 401,
    make: async () => {
      const operator = await signUpOperator(ctx, 'matrix-stale@example.org');
      await ctx.database.db.execute(
        sql`update sessions set created_at = now() - interval '13 hours' where user_id = ${operator.id}`,
      );
      return operator.browser;
    },
  },
];

describe('the operator console access matrix', () => {
  it('reads the console operations from the route table', () => {
    expect(operations.length).toBeGreaterThanOrEqual(24);
    expect(operations).toContainEqual({
      method: 'POST',
      path: '/api/admin/organizations/{id}/hold',
    });
    expect(operations).toContainEqual({
      method: 'POST',
      path: '/api/admin/organizations/{id}/roles/{roleId}/hold',
    });
  });

  for (const caller of callers) {
    it(`refuses ${caller.name} every operation (${caller.status}), changing nothing`, async () => {
      const agent = await caller.make();
      const before = await state();
      const answers: Record<string, number> = {};
      for (const operation of operations) {
        answers[`${operation.method} ${operation.path}`] = (await send(agent, operation)).status;
      }
      expect(answers).toEqual(
        Object.fromEntries(operations.map((op) => [`${op.method} ${op.path}`, caller.status])),
      );
      expect(await state()).toBe(before);
    });
  }

  it('refuses a cross-site write from an operator, changing nothing', async () => {
    const operator = (await signUpOperator(ctx, 'matrix-cross-site@example.org')).browser;
    const before = await state();
    for (const operation of operations.filter(({ method }) => method !== 'GET')) {
      const { url, body } = await requestFor(operation);
      const answer = await operator.call<{ error: { code: string } }>(operation.method, url, body, {
        origin: 'https://attacker.example',
      });
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe(errorCodes.crossSite);
    }
    expect(await state()).toBe(before);
  });

  it('answers an operator signed in now, every operation (destructive ones last)', async () => {
    const operator = (await signUpOperator(ctx, 'matrix-operator@example.org')).browser;
    // Reads first, then changes (a user disabled before re-enabled), deletions last.
    const order = (operation: Operation) =>
      operation.path.endsWith('/delete') || operation.method === 'DELETE'
        ? 3
        : operation.path.endsWith('/enable')
          ? 2
          : operation.method === 'POST'
            ? 1
            : 0;
    const answers: Record<string, number> = {};
    for (const operation of [...operations].sort((a, b) => order(a) - order(b))) {
      answers[`${operation.method} ${operation.path}`] = (await send(operator, operation)).status;
    }
    // Let through: every answer is the operation's own (a refund of an organization that has no
    // paid subscription is a 409 of the refund's rules), never a refusal or a failure.
    for (const [operation, status] of Object.entries(answers)) {
      const expected = operation.endsWith('/refund') ? 409 : 'a 2xx';
      const got = status >= 200 && status < 300 ? 'a 2xx' : status;
      expect({ operation, answer: got }).toEqual({ operation, answer: expected });
    }
  });
});
