import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_DETAILS_MAX,
  adminRoleTexts,
  reportTexts,
  roleErrorCodes,
  type AdminOrganizationDetail,
  type AdminReport,
} from '@si/contracts';
import { signUp } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { insertReport, signUpOperator } from './support/operators.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * A visitor's report of one open role (ADR 045): taken as a report of the profile is (ADR 029),
 * listed in the console's queue as about the role, and resolved there by dismissing it or
 * holding the role, never by deleting the organization.
 */

type Answer<T = unknown> = {
  data: T;
  error?: { code: string; message: string; fields?: Record<string, string> };
};
const received = { data: { received: true } };

let ctx: TestContext;
let operator: Agent;
let addressCount = 0;

beforeAll(async () => {
  // Limits stay on (the default), but every visitor below comes from an address of its own.
  ctx = await createTestApp({ TRUST_PROXY: 'loopback' });
  operator = (await signUpOperator(ctx, 'role-reports-operator@example.org')).browser;
});
afterAll(() => ctx.close());

const visitor = () => createAgent(ctx.app, { ip: `198.51.100.${++addressCount}` });
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const reportOf = (organizationId: string, roleId: string) =>
  `/api/organizations/${organizationId}/roles/${roleId}/reports`;

async function addRole(organizationId: string, title: string, marks = sql`null`) {
  const [row] = await rows<{ id: string }>(sql`
    insert into organization_roles (organization_id, title, kind, workplace, description, apply, closes_on, closed_at)
    values (${organizationId}, ${title}, 'full_time', 'remote', 'Reads the tides.', 'https://example.org/jobs', current_date + 30, ${marks})
    returning id`);
  return row!.id;
}

const storedFor = (organizationId: string) =>
  rows<{
    role_id: string | null;
    role_title: string | null;
    reason: string;
    details: string;
    status: string;
  }>(
    sql`select role_id, role_title, reason, details, status from profile_reports
        where organization_id = ${organizationId} order by created_at, id`,
  );

async function openQueueAbout(organizationId: string) {
  const queue = await operator.get<Answer<AdminReport[]>>('/api/admin/reports?status=open');
  return queue.body.data.filter((report) => report.organizationId === organizationId);
}

describe('POST /api/organizations/:id/roles/:roleId/reports', () => {
  it('takes a report of an open role from anyone, once per reporter, about the role', async () => {
    const organizationId = await createOrganization(ctx.database.db, { name: 'Tide Readers' });
    const roleId = await addRole(organizationId, 'Tide reader');
    const browser = visitor();
    const first = await browser.post(reportOf(organizationId, roleId), {
      reason: 'spam',
      details: '  Asks for a deposit.  ',
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(received);
    // A repeat is answered alike and adds nothing; the same visitor may still report the profile.
    const again = await browser.post(reportOf(organizationId, roleId), { reason: 'other' });
    expect(again.body).toEqual(received);
    expect(
      (await browser.post(`/api/organizations/${organizationId}/reports`, { reason: 'other' }))
        .status,
    ).toBe(200);
    const { browser: user } = await signUp(ctx, 'tide-user@example.org');
    expect(
      (await user.post(reportOf(organizationId, roleId), { reason: 'offensive' })).body,
    ).toEqual(received);

    expect(await storedFor(organizationId)).toEqual([
      {
        role_id: roleId,
        role_title: 'Tide reader',
        reason: 'spam',
        details: 'Asks for a deposit.',
        status: 'open',
      },
      { role_id: null, role_title: null, reason: 'other', details: '', status: 'open' },
      {
        role_id: roleId,
        role_title: 'Tide reader',
        reason: 'offensive',
        details: '',
        status: 'open',
      },
    ]);
  });

  it('answers as the role’s page answers a visitor when the role is not open or not public', async () => {
    const organizationId = await createOrganization(ctx.database.db, { name: 'Closed Shop' });
    const closed = await addRole(organizationId, 'Closed role', sql`now()`);
    const hidden = await createOrganization(ctx.database.db, { name: 'Hidden', published: false });
    const hiddenRole = await addRole(hidden, 'Hidden role');
    const other = await addRole(await createOrganization(ctx.database.db), 'Elsewhere');
    const cases = [
      [organizationId, closed, 410],
      [hidden, hiddenRole, 404],
      [organizationId, other, 404],
      [organizationId, randomUUID(), 404],
      [organizationId, 'not-a-uuid', 404],
      ['not-a-uuid', closed, 404],
    ] as const;
    for (const [orgId, roleId, status] of cases) {
      const page = await ctx.app.inject(`/api/organizations/${orgId}/roles/${roleId}`);
      const report = await visitor().post<Answer>(reportOf(orgId, roleId), { reason: 'spam' });
      expect(report.status, `${orgId} ${roleId}`).toBe(status);
      expect(report.body, `${orgId} ${roleId}`).toEqual(page.json());
    }
    const closedAnswer = await visitor().post<Answer>(reportOf(organizationId, closed), {
      reason: 'spam',
    });
    expect(closedAnswer.body.error?.code).toBe(roleErrorCodes.roleClosed);
    expect(await storedFor(organizationId)).toEqual([]);
    expect(await storedFor(hidden)).toEqual([]);
  });

  it('refuses a report without a reason, with details too long or with unknown fields', async () => {
    const organizationId = await createOrganization(ctx.database.db);
    const roleId = await addRole(organizationId, 'Validated');
    const refused = [
      [{ details: 'x' }, 'reason', reportTexts.reasonRequired],
      [{ reason: 'boring' }, 'reason', reportTexts.reasonRequired],
      [
        { reason: 'spam', details: 'a'.repeat(REPORT_DETAILS_MAX + 1) },
        'details',
        reportTexts.detailsTooLong,
      ],
      [{ reason: 'spam', roleTitle: 'Other' }, undefined, undefined],
    ] as const;
    for (const [payload, field, message] of refused) {
      const answer = await visitor().post<Answer>(reportOf(organizationId, roleId), payload);
      expect(answer.status).toBe(400);
      if (field) expect(answer.body.error?.fields?.[field]).toBe(message);
    }
    expect(await storedFor(organizationId)).toEqual([]);
  });
});

describe('reports about a role in the console', () => {
  it('lists them as about the role, on the queue and the organization’s page', async () => {
    const organizationId = await createOrganization(ctx.database.db, { name: 'Queue Harbor' });
    const roleId = await addRole(organizationId, 'Harbor pilot');
    await visitor().post(reportOf(organizationId, roleId), {
      reason: 'inaccurate',
      details: 'Not hiring',
    });
    const [listed] = await openQueueAbout(organizationId);
    expect(listed).toMatchObject({
      organizationName: 'Queue Harbor',
      roleId,
      roleTitle: 'Harbor pilot',
      reason: 'inaccurate',
      details: 'Not hiring',
      status: 'open',
    });
    const detail = (
      await operator.get<Answer<AdminOrganizationDetail>>(
        `/api/admin/organizations/${organizationId}`,
      )
    ).body.data;
    expect(detail.reports.map((report) => report.roleTitle)).toEqual(['Harbor pilot']);
    expect(detail.roles).toEqual([expect.objectContaining({ id: roleId, openReports: 1 })]);
  });

  it('dismisses the role’s reports together, leaving the profile’s and other roles’ open', async () => {
    const organizationId = await createOrganization(ctx.database.db, { name: 'Dismissed Docks' });
    const roleId = await addRole(organizationId, 'Dock hand');
    const otherRole = await addRole(organizationId, 'Crane driver');
    await visitor().post(reportOf(organizationId, roleId), { reason: 'spam' });
    await visitor().post(reportOf(organizationId, roleId), { reason: 'other' });
    await visitor().post(reportOf(organizationId, otherRole), { reason: 'spam' });
    const profileReport = await insertReport(ctx, organizationId);
    const [first] = await openQueueAbout(organizationId);
    const dismissed = await operator.post(`/api/admin/reports/${first!.id}/resolve`, {
      action: 'dismiss',
      reason: 'The role is real',
    });
    expect(dismissed.status).toBe(204);
    const remaining = await openQueueAbout(organizationId);
    expect(remaining.map((report) => report.roleTitle ?? report.id).sort()).toEqual(
      ['Crane driver', profileReport].sort(),
    );
    expect(
      (await ctx.app.inject(`/api/organizations/${organizationId}/roles/${roleId}`)).statusCode,
    ).toBe(200);
    const [audit] = await rows<{ action: string; target_label: string }>(
      sql`select action, target_label from audit_log where target_id = ${first!.id}`,
    );
    expect(audit).toEqual({
      action: 'report.dismiss',
      target_label: 'Dock hand (Dismissed Docks)',
    });
  });

  it('holds the role from the report: off the public reads, the owner emailed', async () => {
    const owner = await signUp(ctx, 'reported-role-owner@example.org');
    const organizationId = await createOrganization(ctx.database.db, {
      name: 'Held From Queue',
      createdBy: owner.id,
    });
    const roleId = await addRole(organizationId, 'Deckhand');
    await visitor().post(reportOf(organizationId, roleId), { reason: 'offensive' });
    const [report] = await openQueueAbout(organizationId);
    const held = await operator.post(`/api/admin/reports/${report!.id}/resolve`, {
      action: 'hold',
      reason: 'Offensive wording',
    });
    expect(held.status).toBe(204);
    expect(
      (await ctx.app.inject(`/api/organizations/${organizationId}/roles/${roleId}`)).statusCode,
    ).toBe(410);
    expect(
      await ctx.app.inject(`/api/organizations/${organizationId}`).then((r) => r.statusCode),
    ).toBe(200);
    const [role] = await rows<{ held_reason: string }>(
      sql`select held_reason from organization_roles where id = ${roleId}`,
    );
    expect(role!.held_reason).toBe('Offensive wording');
    const emails = await rows<{ subject: string }>(
      sql`select subject from email_outbox where recipient = 'reported-role-owner@example.org' and subject like '%role%'`,
    );
    expect(emails).toEqual([{ subject: 'The role Deckhand at Held From Queue is on hold' }]);
    expect(await storedFor(organizationId)).toEqual([
      expect.objectContaining({ role_id: roleId, status: 'held' }),
    ]);
    expect(
      await rows<{ action: string }>(
        sql`select action from audit_log where target_id in (${roleId}, ${report!.id}) order by id`,
      ),
    ).toEqual([{ action: 'report.hold' }, { action: 'role.hold' }]);
  });

  it('refuses to delete the organization over a role’s report, and to hold a deleted role', async () => {
    const organizationId = await createOrganization(ctx.database.db, { name: 'Kept Afloat' });
    const roleId = await addRole(organizationId, 'Sail maker');
    await visitor().post(reportOf(organizationId, roleId), { reason: 'spam' });
    const [report] = await openQueueAbout(organizationId);
    const deleted = await operator.post<Answer>(`/api/admin/reports/${report!.id}/resolve`, {
      action: 'delete',
      reason: 'Too much',
    });
    expect(deleted.status).toBe(400);
    expect(deleted.body.error?.message).toBe(adminRoleTexts.roleReportActions);
    expect((await ctx.app.inject(`/api/organizations/${organizationId}`)).statusCode).toBe(200);

    await ctx.database.db.execute(sql`delete from organization_roles where id = ${roleId}`);
    const [gone] = await openQueueAbout(organizationId);
    expect(gone).toMatchObject({ roleId: null, roleTitle: 'Sail maker', status: 'open' });
    const hold = await operator.post<Answer>(`/api/admin/reports/${report!.id}/resolve`, {
      action: 'hold',
      reason: 'Spam',
    });
    expect(hold.status).toBe(409);
    expect(hold.body.error?.message).toBe(adminRoleTexts.roleGone);
    const dismiss = await operator.post(`/api/admin/reports/${report!.id}/resolve`, {
      action: 'dismiss',
      reason: 'The role is gone',
    });
    expect(dismiss.status).toBe(204);
  });
});
