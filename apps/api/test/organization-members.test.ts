import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ORGANIZATION_MEMBERS,
  memberTexts,
  organizationFormMessages,
  type MyOrganization,
  type Organization,
  type OrganizationMembers,
} from '@si/contracts';
import { type Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { addMember } from './support/members.ts';
import { organizationOf, person, profileSave, type Person } from './support/member-fixtures.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

const role = {
  title: 'Boat builder',
  kind: 'full_time',
  workplace: 'remote',
  description: 'Builds boats.',
  apply: 'https://tidewater.example/jobs',
};

/** Every payment call about one organization (ADR 047: owners only). */
const billingCalls = (id: string) =>
  [
    ['GET', `/api/payments/subscription/${id}`, undefined],
    ['GET', `/api/payments/invoices?organizationId=${id}`, undefined],
    ['POST', '/api/payments/create-checkout-session', { organizationId: id, plan: 'annual' }],
    ['POST', '/api/payments/apply-guest-code', { organizationId: id, code: 'NOPE-CODE' }],
    ['POST', `/api/payments/subscriptions/${id}/cancel`, {}],
    ['GET', `/api/payments/subscriptions/${id}/plan-preview?plan=annual`, undefined],
    ['POST', `/api/payments/subscriptions/${id}/change-plan`, { plan: 'annual' }],
    ['POST', `/api/payments/subscriptions/${id}/billing-portal`, {}],
  ] as const;

describe('an organization is run by its members, owners and editors (ADR 047)', () => {
  let ctx: TestContext;
  let owner: Person;
  let editor: Person;
  let removed: Person;
  let stranger: Person;
  let invitee: Person;
  let operator: Person;
  let published: Organization;
  let unpublished: Organization;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off', DIRECTORY_CACHE_MS: '0' });
    owner = await person(ctx, 'owner@example.com');
    editor = await person(ctx, 'editor@example.com');
    removed = await person(ctx, 'removed@example.com');
    stranger = await person(ctx, 'stranger@example.com');
    invitee = await person(ctx, 'invitee@example.com');
    operator = await person(ctx, 'operator@example.com', true);
    published = await organizationOf(owner.browser, 'Tidewater Commons');
    unpublished = await organizationOf(owner.browser, 'Quiet Harbour', { paid: false });
    for (const organization of [published, unpublished]) {
      expect(await addMember(ctx, organization.id, editor.id, 'editor')).toBe('added');
      expect(await addMember(ctx, organization.id, removed.id, 'editor')).toBe('added');
      const gone = await owner.browser.delete(
        `/api/organizations/${organization.id}/members/${removed.id}`,
        {},
      );
      expect(gone.status).toBe(200);
      // Invited, not yet accepted: no member until the link is used.
      const invited = await owner.browser.post(
        `/api/organizations/${organization.id}/invitations`,
        { email: 'invitee@example.com', role: 'owner' },
      );
      expect(invited.status).toBe(201);
    }
  });
  afterAll(() => ctx.close());

  const members = async (agent: Agent, id = published.id) =>
    agent.get<Body<OrganizationMembers>>(`/api/organizations/${id}/members`);

  it('makes the creator the first owner, keeps createdBy the creator, and gives each member their role', async () => {
    const list = await members(editor.browser);
    expect(list.status).toBe(200);
    expect(list.body.data.myRole).toBe('editor');
    expect(list.body.data.members.map((member) => [member.email, member.role])).toEqual([
      ['owner@example.com', 'owner'],
      ['editor@example.com', 'editor'],
    ]);
    expect(published.createdBy).toBe(owner.id);
    for (const [who, myRole] of [
      [owner, 'owner'],
      [editor, 'editor'],
    ] as const) {
      const mine = await who.browser.get<Body<MyOrganization[]>>('/api/users/organizations');
      expect(
        mine.body.data.map((organization) => [organization.name, organization.myRole]),
      ).toEqual([
        ['Quiet Harbour', myRole],
        ['Tidewater Commons', myRole],
      ]);
      expect(mine.body.data.every((organization) => organization.createdBy === owner.id)).toBe(
        true,
      );
    }
    const strangers = await stranger.browser.get<Body<MyOrganization[]>>(
      '/api/users/organizations',
    );
    expect(strangers.body.data).toEqual([]);
    // An editor sees the unpublished profile, as its owner does.
    expect((await editor.browser.get(`/api/organizations/${unpublished.id}`)).status).toBe(200);
  });

  it('lets an editor change the profile, its roles, milestones and images, and read insights and their CSV', async () => {
    const base = `/api/organizations/${published.id}`;
    const saved = await editor.browser.call<Body<Organization>>(
      'PUT',
      base,
      profileSave(published, 'Tidewater Commons Trust'),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.name).toBe('Tidewater Commons Trust');
    expect((await editor.browser.post(`${base}/roles`, role)).status).toBe(201);
    expect(
      (await editor.browser.post(`${base}/milestones`, { year: 2015, title: 'A' })).status,
    ).toBe(201);
    expect((await editor.browser.delete(`${base}/logo`, {})).status).toBe(200);
    expect((await editor.browser.get(`${base}/insights?days=30`)).status).toBe(200);
    const csv = await editor.browser.get(`${base}/insights.csv?days=30`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    // The verified domain is part of the profile (ADR 047): refused for what it is (no website
    // saved), not for who asks.
    const code = await editor.browser.post(`${base}/verification/code`, { localPart: 'hello' });
    expect(code.status).toBe(409);
    published = saved.body.data;
  });

  it('never lets an editor near billing, members or deletion, and tells nothing of the billing state', async () => {
    const refusals = new Set<string>();
    for (const [method, url, body] of billingCalls(published.id)) {
      const answer = await editor.browser.call(method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(403);
      refusals.add(JSON.stringify(answer.body));
    }
    const base = `/api/organizations/${published.id}`;
    for (const answer of [
      await editor.browser.delete(base, {}),
      await editor.browser.call('PATCH', `${base}/members/${editor.id}`, { role: 'owner' }),
      await editor.browser.call('PATCH', `${base}/members/${owner.id}`, { role: 'editor' }),
      await editor.browser.delete(`${base}/members/${owner.id}`, {}),
      await editor.browser.post(`${base}/members/transfer`, { userId: editor.id }),
    ]) {
      expect(answer.status).toBe(403);
      refusals.add(JSON.stringify(answer.body));
    }
    // One answer for every refusal, whether a subscription exists or not.
    expect([...refusals]).toEqual([
      JSON.stringify({ error: { code: 'FORBIDDEN', message: memberTexts.ownersOnly } }),
    ]);
    const subscriptions = await editor.browser.get<Body<unknown[]>>('/api/payments/subscriptions');
    expect(subscriptions.body.data).toEqual([]);
    const invoices = await editor.browser.get<Body<unknown[]>>('/api/payments/invoices');
    expect(invoices.body.data).toEqual([]);
    expect((await members(owner.browser)).body.data.members.map((m) => m.role)).toEqual([
      'owner',
      'editor',
    ]);
    expect((await owner.browser.get(`/api/payments/subscription/${published.id}`)).status).toBe(
      200,
    );
  });

  it('answers a removed member, an invitee who has not accepted, a stranger and an operator as it always answered strangers', async () => {
    const answers = new Map<string, string[]>();
    for (const [name, who] of [
      ['stranger', stranger],
      ['removed member', removed],
      ['invitee', invitee],
      ['operator', operator],
    ] as const) {
      const seen: string[] = [];
      for (const target of [published, unpublished]) {
        const base = `/api/organizations/${target.id}`;
        const forbiddenOrHidden = target.published ? 403 : 404;
        const calls = [
          ['PUT', base, profileSave(target), forbiddenOrHidden],
          ['DELETE', base, {}, forbiddenOrHidden],
          ['POST', `${base}/roles`, role, forbiddenOrHidden],
          ['POST', `${base}/milestones`, { year: 2016, title: 'B' }, forbiddenOrHidden],
          ['DELETE', `${base}/logo`, {}, forbiddenOrHidden],
          ['POST', `${base}/verification/code`, { localPart: 'hello' }, forbiddenOrHidden],
          ['GET', `${base}/members`, undefined, 404],
          ['PATCH', `${base}/members/${editor.id}`, { role: 'owner' }, forbiddenOrHidden],
          ['DELETE', `${base}/members/${editor.id}`, {}, forbiddenOrHidden],
          ['POST', `${base}/members/transfer`, { userId: who.id }, forbiddenOrHidden],
          ['PATCH', `${base}/members/${who.id}`, { role: 'owner' }, forbiddenOrHidden],
          ['DELETE', `${base}/members/${who.id}`, {}, 404],
          // Insights are an operator's to read; nobody else's.
          ['GET', `${base}/insights?days=7`, undefined, name === 'operator' ? 200 : 404],
          ...billingCalls(target.id).map(
            ([method, url, body]) => [method, url, body, forbiddenOrHidden] as const,
          ),
        ] as const;
        for (const [method, url, body, status] of calls) {
          const answer = await who.browser.call(method, url, body);
          expect(answer.status, `${name} ${method} ${url}`).toBe(status);
          if (status !== 200)
            seen.push(`${method} ${url.split('?')[0]} ${JSON.stringify(answer.body)}`);
        }
        if (!target.published) {
          expect((await who.browser.get(base)).status, `${name} GET unpublished`).toBe(404);
        }
      }
      answers.set(
        name,
        seen.map((line) => line.replaceAll(who.id, 'SELF')),
      );
    }
    // Word for word what a stranger is told: being a member once leaves no trace.
    expect(answers.get('removed member')).toEqual(answers.get('stranger'));
    // An open invitation, even to the owner's role, gives nothing before it is accepted.
    expect(answers.get('invitee')).toEqual(answers.get('stranger'));
    expect((await members(owner.browser)).body.data.members).toHaveLength(2);
    expect(
      (
        await editor.browser.get<Body<OrganizationMembers>>(
          `/api/organizations/${randomUUID()}/members`,
        )
      ).status,
    ).toBe(404);
    expect(answers.get('stranger')![0]).toBe(
      `PUT /api/organizations/${published.id} ${JSON.stringify({ error: { code: 'FORBIDDEN', message: organizationFormMessages.notOwner } })}`,
    );
  });
});

describe('the last owner rule and handing ownership over (ADR 047)', () => {
  let ctx: TestContext;
  let first: Person;
  let second: Person;
  let third: Person;
  let organization: Organization;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
    first = await person(ctx, 'first@example.com');
    second = await person(ctx, 'second@example.com');
    third = await person(ctx, 'third@example.com');
    organization = await organizationOf(first.browser, 'Handover Trust', { paid: false });
    await addMember(ctx, organization.id, second.id, 'editor');
    await addMember(ctx, organization.id, third.id, 'editor');
  });
  afterAll(() => ctx.close());

  const url = (userId = '') => `/api/organizations/${organization.id}/members/${userId}`;
  const roles = async () =>
    Object.fromEntries(
      (await first.browser.get<Body<OrganizationMembers>>(url())).body.data.members.map(
        (member) => [member.email.split('@')[0], member.role],
      ),
    );

  it('keeps the only owner from leaving, being demoted or removed, in words that say why', async () => {
    const leave = await first.browser.delete(url(first.id), {});
    expect(leave.status).toBe(409);
    expect(leave.body.error).toEqual({ code: 'LAST_OWNER', message: memberTexts.lastOwnerLeave });
    const demote = await first.browser.call('PATCH', url(first.id), { role: 'editor' });
    expect(demote.status).toBe(409);
    expect(demote.body.error?.message).toBe(memberTexts.lastOwnerDemote);
    expect(await roles()).toEqual({ first: 'owner', second: 'editor', third: 'editor' });
    const unknown = await first.browser.call('PATCH', url('nobody'), { role: 'owner' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('NOT_A_MEMBER');
    const self = await first.browser.post(url('transfer'), { userId: first.id });
    expect(self.status).toBe(400);
  });

  it('lets an owner make another owner, who may then demote or remove the first; the last one stays', async () => {
    expect((await first.browser.call('PATCH', url(second.id), { role: 'owner' })).status).toBe(200);
    expect((await second.browser.call('PATCH', url(first.id), { role: 'editor' })).status).toBe(
      200,
    );
    expect(await roles()).toEqual({ first: 'editor', second: 'owner', third: 'editor' });
    // Demoted: no longer theirs to manage, nor to raise themselves again.
    expect((await first.browser.call('PATCH', url(first.id), { role: 'owner' })).status).toBe(403);
    const removal = await second.browser.delete(url(second.id), {});
    expect(removal.status).toBe(409);
    expect((await second.browser.call('PATCH', url(first.id), { role: 'owner' })).status).toBe(200);
    expect((await first.browser.delete(url(second.id), {})).status).toBe(200);
    expect(await roles()).toEqual({ first: 'owner', third: 'editor' });
    const lastRemoval = await first.browser.delete(url(first.id), {});
    expect(lastRemoval.body.error?.message).toBe(memberTexts.lastOwnerLeave);
  });

  it('hands ownership over: the new owner in, the old one an editor or gone', async () => {
    expect((await first.browser.post(url('transfer'), { userId: third.id })).status).toBe(200);
    expect(await roles()).toEqual({ first: 'editor', third: 'owner' });
    const back = await third.browser.post(url('transfer'), { userId: first.id, then: 'leave' });
    expect(back.status).toBe(200);
    expect(await roles()).toEqual({ first: 'owner' });
    expect((await third.browser.get(url())).status).toBe(404);
    expect((await third.browser.get(`/api/organizations/${organization.id}`)).status).toBe(404);
  });

  it('lets an editor leave, and holds an organization to its limit of members', async () => {
    await addMember(ctx, organization.id, second.id, 'editor');
    expect((await second.browser.delete(url(second.id), {})).status).toBe(200);
    expect((await second.browser.get(url())).status).toBe(404);
    for (let index = 1; index < MAX_ORGANIZATION_MEMBERS; index += 1) {
      expect(await addMember(ctx, organization.id, `member-${index}`, 'editor')).toBe('added');
    }
    expect(await addMember(ctx, organization.id, 'one-too-many', 'editor')).toBe('full');
    expect(await addMember(ctx, organization.id, first.id, 'editor')).toBe('already');
    expect(
      (await first.browser.get<Body<OrganizationMembers>>(url())).body.data.members,
    ).toHaveLength(MAX_ORGANIZATION_MEMBERS);
  });
});
