import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_REASON_MAX,
  adminRoleTexts,
  adminTexts,
  errorCodes,
  type AdminOrganizationDetail,
  type AdminOverview,
  type AuditEntry,
  type OrganizationListMeta,
  type OrganizationSummary,
} from '@si/contracts';
import { signUp } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { publishedOrganizationOf, signUpOperator } from './support/operators.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * An operator's hold of one role (ADR 045): the role leaves every public read at once (its
 * organization's list of roles, its own page, the directory's Hiring filter and the card's
 * count), the owner is emailed the reason, the hold and its release are in the audit log, and
 * an operator never acts on a role of their own organization.
 */

type Answer<T = unknown> = { data: T; error?: { code: string; message: string } };
type ListBody = { data: OrganizationSummary[]; meta: OrganizationListMeta };

let ctx: TestContext;
let operator: Agent;
let owner: { browser: Agent; id: string };

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMITS: 'off', DIRECTORY_CACHE_MS: '0' });
  operator = (await signUpOperator(ctx, 'role-holder@example.org')).browser;
  owner = await signUp(ctx, 'role-owner@example.org');
});
afterAll(() => ctx.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function addRole(organizationId: string, title: string) {
  const [row] = await rows<{ id: string }>(sql`
    insert into organization_roles (organization_id, title, kind, workplace, description, apply, closes_on)
    values (${organizationId}, ${title}, 'full_time', 'remote', 'Tends the nets.', 'https://example.org/jobs', current_date + 30)
    returning id`);
  return row!.id;
}

const detailOf = async (organizationId: string) =>
  (
    await operator.get<Answer<AdminOrganizationDetail>>(
      `/api/admin/organizations/${organizationId}`,
    )
  ).body.data;
const roleIn = async (organizationId: string, roleId: string) =>
  (await detailOf(organizationId)).roles.find((role) => role.id === roleId)!;

const act = async (
  who: Agent,
  organizationId: string,
  roleId: string,
  action: 'hold' | 'release',
  body?: Record<string, unknown>,
) =>
  who.post<Answer<AdminOrganizationDetail>>(
    `/api/admin/organizations/${organizationId}/roles/${roleId}/${action}`,
    body ?? {
      reason: 'Asks applicants for a fee',
      updatedAt: (await roleIn(organizationId, roleId)).updatedAt,
    },
  );

/** Everything the public reads about the role: the list, its page, and the directory. */
async function publicView(organizationId: string, roleId: string, name: string) {
  const list = await ctx.app.inject(`/api/organizations/${organizationId}/roles`);
  const page = await ctx.app.inject(`/api/organizations/${organizationId}/roles/${roleId}`);
  const hiring = (
    await ctx.app.inject(`/api/organizations?q=${encodeURIComponent(name)}&hiring=true`)
  ).json() as ListBody;
  const all = (
    await ctx.app.inject(`/api/organizations?q=${encodeURIComponent(name)}`)
  ).json() as ListBody;
  return {
    listed: (list.json() as Answer<{ id: string }[]>).data.map((role) => role.id),
    page: page.statusCode,
    hiringCount: hiring.meta.hiring,
    hiringListed: hiring.data.map((item) => item.name),
    openRolesOnCard: all.data.find((item) => item.name === name)?.openRoles,
  };
}

const outboxTo = (email: string) =>
  rows<{ subject: string; text: string }>(
    sql`select subject, text from email_outbox where recipient = ${email} and subject like '%role%' order by id`,
  );

describe('an operator holds and releases a role', () => {
  it('takes the role off every public read at once, emails the owner, and logs both', async () => {
    const name = 'Netmenders Cooperative';
    const organizationId = await publishedOrganizationOf(ctx, owner, name);
    const roleId = await addRole(organizationId, 'Net mender');
    const open = {
      listed: [roleId],
      page: 200,
      hiringCount: 1,
      hiringListed: [name],
      openRolesOnCard: 1,
    };
    expect(await publicView(organizationId, roleId, name)).toEqual(open);
    expect(await roleIn(organizationId, roleId)).toMatchObject({ status: 'open', openReports: 0 });

    const held = await act(operator, organizationId, roleId, 'hold');
    expect(held.status).toBe(200);
    expect(held.body.data.roles.find((role) => role.id === roleId)).toMatchObject({
      status: 'held',
      heldReason: 'Asks applicants for a fee',
    });
    expect(await publicView(organizationId, roleId, name)).toEqual({
      listed: [],
      page: 410,
      hiringCount: 0,
      hiringListed: [],
      openRolesOnCard: 0,
    });
    // The owner still sees it, held, with the reason.
    const owners = await owner.browser.get<
      Answer<{ id: string; status: string; heldReason: string }[]>
    >(`/api/organizations/${organizationId}/roles?status=all`);
    expect(owners.body.data).toEqual([
      expect.objectContaining({
        id: roleId,
        status: 'held',
        heldReason: 'Asks applicants for a fee',
      }),
    ]);
    const [heldEmail] = await outboxTo('role-owner@example.org');
    expect(heldEmail!.subject).toBe(`The role Net mender at ${name} is on hold`);
    expect(heldEmail!.text).toContain('The reason: Asks applicants for a fee');
    expect(heldEmail!.text).toContain(`/dashboard/organizations/${organizationId}/roles`);

    const released = await act(operator, organizationId, roleId, 'release', {
      reason: 'The fee is gone from the text',
      updatedAt: (await roleIn(organizationId, roleId)).updatedAt,
    });
    expect(released.status).toBe(200);
    expect(released.body.data.roles[0]).toMatchObject({ status: 'open', heldReason: null });
    expect(await publicView(organizationId, roleId, name)).toEqual(open);
    expect((await outboxTo('role-owner@example.org')).map((email) => email.subject)).toEqual([
      `The role Net mender at ${name} is on hold`,
      `The role Net mender at ${name} is no longer on hold`,
    ]);

    const audit = await operator.get<Answer<AuditEntry[]>>(`/api/admin/audit?q=${roleId}`);
    expect(
      audit.body.data.map(({ action, targetType, targetLabel, reason, actorEmail }) => ({
        action,
        targetType,
        targetLabel,
        reason,
        actorEmail,
      })),
    ).toEqual([
      {
        action: 'role.release',
        targetType: 'role',
        targetLabel: `Net mender (${name})`,
        reason: 'The fee is gone from the text',
        actorEmail: 'role-holder@example.org',
      },
      {
        action: 'role.hold',
        targetType: 'role',
        targetLabel: `Net mender (${name})`,
        reason: 'Asks applicants for a fee',
        actorEmail: 'role-holder@example.org',
      },
    ]);
  });

  it('counts roles by status on the overview', async () => {
    const before = (await operator.get<Answer<AdminOverview>>('/api/admin/overview')).body.data
      .roles;
    const organizationId = await publishedOrganizationOf(ctx, owner, 'Counted Roles Trust');
    const held = await addRole(organizationId, 'To be held');
    const closed = await addRole(organizationId, 'To be closed');
    const expired = await addRole(organizationId, 'Expired');
    await addRole(organizationId, 'Open');
    const unpublished = await createOrganization(ctx.database.db, {
      name: 'Unpublished Roles',
      published: false,
    });
    await addRole(unpublished, 'Open, not public');
    await ctx.database.db.execute(
      sql`update organization_roles set closed_at = now() where id = ${closed}`,
    );
    await ctx.database.db.execute(
      sql`update organization_roles set posted_at = now() - interval '10 days', closes_on = current_date - 1 where id = ${expired}`,
    );
    expect((await act(operator, organizationId, held, 'hold')).status).toBe(200);
    const after = (await operator.get<Answer<AdminOverview>>('/api/admin/overview')).body.data
      .roles;
    expect(after).toEqual({
      open: before.open + 2,
      public: before.public + 1,
      closed: before.closed + 1,
      expired: before.expired + 1,
      held: before.held + 1,
    });
  });

  it('refuses a reason left out or too long, a stale role, and a hold twice, changing nothing', async () => {
    const organizationId = await publishedOrganizationOf(ctx, owner, 'Refusals Guild');
    const roleId = await addRole(organizationId, 'Rope maker');
    const { updatedAt } = await roleIn(organizationId, roleId);
    const refusals = [
      [{ reason: '   ', updatedAt }, 400, adminTexts.reasonRequired],
      [{ reason: 'x'.repeat(ADMIN_REASON_MAX + 1), updatedAt }, 400, adminTexts.reasonTooLong],
      [{ updatedAt }, 400, undefined],
      [{ reason: 'Spam', updatedAt: '2020-01-01T00:00:00.000Z' }, 409, adminTexts.changedMeanwhile],
      [{ reason: 'Spam', updatedAt, extra: true }, 400, undefined],
    ] as const;
    for (const [body, status, message] of refusals) {
      const answer = await act(operator, organizationId, roleId, 'hold', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (message) expect(answer.body.error?.message).toContain(message);
    }
    expect((await roleIn(organizationId, roleId)).status).toBe('open');
    const notHeld = await act(operator, organizationId, roleId, 'release', {
      reason: 'No',
      updatedAt,
    });
    expect(notHeld.status).toBe(409);
    expect(notHeld.body.error?.message).toBe(adminRoleTexts.notHeld);

    expect((await act(operator, organizationId, roleId, 'hold')).status).toBe(200);
    const twice = await act(operator, organizationId, roleId, 'hold');
    expect(twice.status).toBe(409);
    expect(twice.body.error?.message).toBe(adminRoleTexts.alreadyHeld);

    const otherOrganization = await publishedOrganizationOf(ctx, owner, 'Another Guild');
    const elsewhere = await act(operator, otherOrganization, roleId, 'hold', {
      reason: 'Wrong organization',
      updatedAt,
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error?.message).toBe(adminRoleTexts.roleNotFound);
    const [audit] = await rows<{ count: number }>(
      sql`select count(*)::int as count from audit_log where target_id = ${roleId}`,
    );
    expect(audit!.count).toBe(1);
  });

  it('refuses an operator a role of their own organization; another operator acts', async () => {
    const owning = await signUpOperator(ctx, 'role-owning-operator@example.org');
    const organizationId = await publishedOrganizationOf(ctx, owning, 'Own Roles Trust');
    const roleId = await addRole(organizationId, 'Own role');
    const ownCase = { code: errorCodes.forbidden, message: adminTexts.ownCase };

    const selfHold = await act(owning.browser, organizationId, roleId, 'hold');
    expect(selfHold.status).toBe(403);
    expect(selfHold.body.error).toEqual(ownCase);
    expect((await roleIn(organizationId, roleId)).status).toBe('open');

    expect((await act(operator, organizationId, roleId, 'hold')).status).toBe(200);
    const selfRelease = await act(owning.browser, organizationId, roleId, 'release', {
      reason: 'Looks fine to me',
      updatedAt: (await roleIn(organizationId, roleId)).updatedAt,
    });
    expect(selfRelease.status).toBe(403);
    expect(selfRelease.body.error).toEqual(ownCase);
    expect((await roleIn(organizationId, roleId)).status).toBe('held');
    expect(
      await rows<{ action: string }>(
        sql`select action from audit_log where target_id = ${roleId} order by id`,
      ),
    ).toEqual([{ action: 'role.hold' }]);
  });
});
