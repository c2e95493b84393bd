import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ORGANIZATION_MEMBERS,
  addOwnerErrorCodes as codes,
  addOwnerTexts,
  adminTexts,
  type ActivityEntry,
  type OrganizationMembers,
  type Organization,
} from '@si/contracts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { signUp, type Body } from './support/accounts.ts';
import { rowsOf } from './support/invitations.ts';
import { addMember } from './support/members.ts';
import { organizationOf, person, type Person } from './support/member-fixtures.ts';
import { signUpOperator } from './support/operators.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('an operator adds an owner for a support case (ADR 048)', () => {
  let ctx: TestContext;
  let operator: Agent;
  let owner: Person;
  let coOwner: Person;
  let editor: Person;
  let organization: Organization;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off', DIRECTORY_CACHE_MS: '0' });
    operator = (await signUpOperator(ctx, 'support@example.com')).browser;
    owner = await person(ctx, 'owner@example.com');
    coOwner = await person(ctx, 'co-owner@example.com');
    editor = await person(ctx, 'editor@example.com');
    organization = await organizationOf(owner.browser, 'Tidewater Commons');
    await addMember(ctx, organization.id, coOwner.id, 'owner');
    await addMember(ctx, organization.id, editor.id, 'editor');
  });
  afterAll(() => ctx.close());

  const addOwner = (agent: Agent, body: unknown, id = organization.id) =>
    agent.post<Body<unknown> & Refusal>(`/api/admin/organizations/${id}/owners`, body);
  const roles = async (id = organization.id) =>
    Object.fromEntries(
      (
        await owner.browser.get<Body<OrganizationMembers>>(`/api/organizations/${id}/members`)
      ).body.data.members.map((member) => [member.email, member.role]),
    );
  const auditCount = async () =>
    (await rowsOf<{ n: number }>(ctx, sql`select count(*)::int as n from audit_log`))[0]!.n;

  it('adds a verified account as an owner: audited, in the activity, and each owner emailed why', async () => {
    const helper = await person(ctx, 'recovered@example.com');
    await ctx.database.db.execute(
      sql`update users set name = 'Rita Recovered' where id = ${helper.id}`,
    );
    const answer = await addOwner(operator, {
      email: ' Recovered@Example.com ',
      reason: 'Founder lost access; identity checked on a call',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await roles())['recovered@example.com']).toBe('owner');

    const [audit] = await rowsOf<{
      action: string;
      reason: string;
      target_id: string;
      actor_email: string;
    }>(
      ctx,
      sql`select action, reason, target_id, actor_email from audit_log order by id desc limit 1`,
    );
    expect(audit).toEqual({
      action: 'organization.add-owner',
      reason: 'Founder lost access; identity checked on a call',
      target_id: organization.id,
      actor_email: 'support@example.com',
    });

    // Owners are told it was support, not which operator; the console names the operator.
    const owners = await owner.browser.get<Body<ActivityEntry[]>>(
      `/api/organizations/${organization.id}/activity`,
    );
    expect(owners.body.data[0]).toMatchObject({
      kind: 'owner-added-by-support',
      actor: null,
      bySupport: true,
      details: {
        member: { userId: helper.id, name: 'Rita Recovered', email: 'recovered@example.com' },
        role: 'owner',
        previousRole: null,
        reason: 'Founder lost access; identity checked on a call',
      },
    });
    const console = await operator.get<Body<ActivityEntry[]>>(
      `/api/admin/organizations/${organization.id}/activity`,
    );
    expect(console.body.data[0]).toMatchObject({
      kind: 'owner-added-by-support',
      actor: { email: 'support@example.com' },
    });

    const emails = await rowsOf<{ recipient: string; subject: string; text: string }>(
      ctx,
      sql`select recipient, subject, text from email_outbox where subject like '%is now an owner%' order by recipient`,
    );
    expect(emails.map((email) => email.recipient)).toEqual([
      'co-owner@example.com',
      'owner@example.com',
    ]);
    expect(emails[0]!.subject).toBe('Rita Recovered is now an owner of Tidewater Commons');
    expect(emails[0]!.text).toContain('Founder lost access; identity checked on a call');
    expect(emails[0]!.text).toContain(
      `${TEST_PUBLIC_URL}/dashboard/organizations/${organization.id}/activity`,
    );
  });

  it('makes a member an owner, and refuses an owner, an unknown or unverified address, and no reason', async () => {
    expect(
      (await addOwner(operator, { email: 'editor@example.com', reason: 'Asked by both owners' }))
        .status,
    ).toBe(200);
    expect((await roles())['editor@example.com']).toBe('owner');
    const activity = await operator.get<Body<ActivityEntry[]>>(
      `/api/admin/organizations/${organization.id}/activity`,
    );
    expect(activity.body.data[0]!.details).toMatchObject({ previousRole: 'editor' });

    const before = await auditCount();
    const already = await addOwner(operator, { email: 'owner@example.com', reason: 'Again' });
    expect([already.status, already.body.error.code]).toEqual([409, codes.alreadyOwner]);
    expect(already.body.error.fields?.email).toBe(addOwnerTexts.alreadyOwner);

    const unknown = await addOwner(operator, { email: 'nobody@example.com', reason: 'Lost' });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, codes.accountNotFound]);

    await signUp(ctx, 'unverified@example.com', { verified: false });
    const unverified = await addOwner(operator, {
      email: 'unverified@example.com',
      reason: 'Lost',
    });
    expect([unverified.status, unverified.body.error.code]).toEqual([409, codes.unverified]);

    for (const body of [
      { email: 'owner@example.com' },
      { email: 'owner@example.com', reason: '   ' },
      { email: 'not an address', reason: 'Lost' },
    ]) {
      const refused = await addOwner(operator, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const noReason = await addOwner(operator, { email: 'owner@example.com', reason: '' });
    expect(JSON.stringify(noReason.body)).toContain(adminTexts.reasonRequired);

    const missing = await addOwner(
      operator,
      { email: 'owner@example.com', reason: 'Lost' },
      randomUUID(),
    );
    expect(missing.status).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it('keeps to the 20 members', async () => {
    const full = await organizationOf(owner.browser, 'Full House', { paid: false });
    // Members need no account of their own here (user_id has no foreign key): the owner, the
    // editor and 18 more make 20.
    expect(await addMember(ctx, full.id, editor.id, 'editor')).toBe('added');
    for (let index = 3; index <= MAX_ORGANIZATION_MEMBERS; index += 1) {
      expect(await addMember(ctx, full.id, randomUUID(), 'editor')).toBe('added');
    }
    await person(ctx, 'twenty-first@example.com');
    const refused = await addOwner(
      operator,
      { email: 'twenty-first@example.com', reason: 'Lost' },
      full.id,
    );
    expect([refused.status, refused.body.error.code]).toEqual([409, codes.full]);
    // A member of a full organization can still be made an owner: nobody is added.
    const promoted = await addOwner(
      operator,
      { email: 'editor@example.com', reason: 'Lost' },
      full.id,
    );
    expect(promoted.status).toBe(200);
  });

  it('refuses everyone but an operator, changing nothing; an operator does not make themselves an owner', async () => {
    const before = await auditCount();
    const body = { email: 'co-owner@example.com', reason: 'Not theirs' };
    expect((await addOwner(createAgent(ctx.app), body)).status).toBe(401);
    for (const agent of [owner.browser, editor.browser, coOwner.browser]) {
      expect((await addOwner(agent, body)).status).toBe(403);
      expect((await agent.get(`/api/admin/organizations/${organization.id}/activity`)).status).toBe(
        403,
      );
    }
    const self = await addOwner(operator, { email: 'support@example.com', reason: 'Mine now' });
    expect([self.status, self.body.error.message]).toEqual([403, adminTexts.ownCase]);
    expect(await auditCount()).toBe(before);
  });
});
