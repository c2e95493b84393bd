import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_PAGE_SIZE,
  memberErrorCodes,
  type ActivityEntry,
  type ActivityMeta,
  type Organization,
} from '@si/contracts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import type { Body } from './support/accounts.ts';
import { invitationEmailTo, rowsOf } from './support/invitations.ts';
import { addMember } from './support/members.ts';
import { organizationOf, person, profileSave, type Person } from './support/member-fixtures.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

type Page = Body<ActivityEntry[]> & { meta: ActivityMeta };

describe("an organization's activity (ADR 048)", () => {
  let ctx: TestContext;
  let owner: Person;
  let editor: Person;
  let stranger: Person;
  let operator: Person;
  let published: Organization;
  let unpublished: Organization;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off', DIRECTORY_CACHE_MS: '0' });
    owner = await person(ctx, 'owner@example.com');
    await ctx.database.db.execute(sql`update users set name = 'Olga Owner' where id = ${owner.id}`);
    editor = await person(ctx, 'editor@example.com');
    stranger = await person(ctx, 'stranger@example.com');
    operator = await person(ctx, 'operator@example.com', true);
    published = await organizationOf(owner.browser, 'Tidewater Commons');
    unpublished = await organizationOf(owner.browser, 'Quiet Harbour', { paid: false });
    for (const organization of [published, unpublished]) {
      expect(await addMember(ctx, organization.id, editor.id, 'editor')).toBe('added');
    }
  });
  afterAll(() => ctx.close());

  const activityOf = (agent: Agent, id = published.id, cursor?: string) =>
    agent.get<Page>(`/api/organizations/${id}/activity${cursor ? `?cursor=${cursor}` : ''}`);
  /** The newest entry, as its owner reads it. */
  const newest = async (id = published.id) => (await activityOf(owner.browser, id)).body.data[0]!;
  const count = async (id = published.id) =>
    (
      await rowsOf<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from organization_activity where organization_id = ${id}`,
      )
    )[0]!.n;

  it('records who invited, sent again and withdrew an invitation, and who joined through one', async () => {
    const base = `/api/organizations/${published.id}/invitations`;
    const sent = await owner.browser.post<Body<{ id: string }>>(base, {
      email: 'joiner@example.com',
      role: 'editor',
    });
    expect(sent.status).toBe(201);
    const invited = await newest();
    expect(invited).toMatchObject({
      kind: 'member-invited',
      actor: { userId: owner.id, name: 'Olga Owner', email: 'owner@example.com' },
      bySupport: false,
      details: { email: 'joiner@example.com', role: 'editor' },
    });
    expect(Date.now() - new Date(invited.at).getTime()).toBeLessThan(60_000);

    expect((await owner.browser.post(`${base}/${sent.body.data.id}/resend`, {})).status).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'invitation-resent',
      details: { email: 'joiner@example.com' },
    });

    // The link sent again; read before the sign-up's own email to the address.
    const { token } = await invitationEmailTo(ctx, 'joiner@example.com');
    const joiner = await person(ctx, 'joiner@example.com');
    expect((await joiner.browser.post(`/api/invitations/${token}/accept`, {})).status).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'member-joined',
      actor: { userId: joiner.id, email: 'joiner@example.com' },
      details: { role: 'editor' },
    });

    const other = await owner.browser.post<Body<{ id: string }>>(base, {
      email: 'never@example.com',
      role: 'owner',
    });
    expect((await owner.browser.delete(`${base}/${other.body.data.id}`, {})).status).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'invitation-revoked',
      details: { email: 'never@example.com', role: 'owner' },
    });
  });

  it('records role changes, removals, leaving and the hand-over, naming the member as they were', async () => {
    const id = unpublished.id;
    const members = `/api/organizations/${id}/members`;
    const second = await person(ctx, 'second@example.com');
    const third = await person(ctx, 'third@example.com');
    await addMember(ctx, id, second.id, 'editor');
    await addMember(ctx, id, third.id, 'editor');

    expect(
      (await owner.browser.call('PATCH', `${members}/${second.id}`, { role: 'owner' })).status,
    ).toBe(200);
    expect(await newest(id)).toMatchObject({
      kind: 'member-role-changed',
      actor: { userId: owner.id },
      details: {
        member: { userId: second.id, email: 'second@example.com' },
        role: 'owner',
        previousRole: 'editor',
      },
    });
    // Asked for the role it has, nothing changes, and nothing is recorded.
    const before = await count(id);
    expect(
      (await owner.browser.call('PATCH', `${members}/${second.id}`, { role: 'owner' })).status,
    ).toBe(200);
    expect(await count(id)).toBe(before);

    expect((await owner.browser.delete(`${members}/${third.id}`, {})).status).toBe(200);
    expect(await newest(id)).toMatchObject({
      kind: 'member-removed',
      details: { member: { userId: third.id, email: 'third@example.com' }, role: 'editor' },
    });

    expect((await second.browser.delete(`${members}/${second.id}`, {})).status).toBe(200);
    expect(await newest(id)).toMatchObject({
      kind: 'member-left',
      actor: { userId: second.id, email: 'second@example.com' },
      details: { role: 'owner' },
    });

    // A refused change (the only owner leaving) records nothing.
    const refusedAt = await count(id);
    const refused = await owner.browser.delete<{ error: { code: string } }>(
      `${members}/${owner.id}`,
      {},
    );
    expect(refused.body.error.code).toBe(memberErrorCodes.lastOwner);
    expect(await count(id)).toBe(refusedAt);

    const handed = await owner.browser.post(`${members}/transfer`, { userId: editor.id });
    expect(handed.status).toBe(200);
    expect(
      await activityOf(editor.browser, id).then((answer) => answer.body.data[0]),
    ).toMatchObject({
      kind: 'ownership-transferred',
      actor: { userId: owner.id },
      details: { member: { userId: editor.id }, previousRole: 'editor', then: 'editor' },
    });
    // Back as it was, for the other tests: the editor hands it back and stays an editor.
    expect((await editor.browser.post(`${members}/transfer`, { userId: owner.id })).status).toBe(
      200,
    );
  });

  it('records which fields a save changed (never their values), images and milestones', async () => {
    const base = `/api/organizations/${published.id}`;
    const current = (await owner.browser.get<Body<Organization>>(base)).body.data;
    const saved = await editor.browser.call('PUT', base, {
      ...profileSave(current, 'Tidewater Commons Trust'),
      location: current.location,
      foundedYear: current.foundedYear,
      websiteUrl: 'https://tidewater.example',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({
      kind: 'profile-saved',
      actor: { userId: editor.id, email: 'editor@example.com' },
      details: { fields: ['name', 'websiteUrl'] },
    });
    expect(JSON.stringify(entry)).not.toContain('tidewater.example');

    // Saved again as it is: nothing changed, nothing recorded.
    const again = (await owner.browser.get<Body<Organization>>(base)).body.data;
    const before = await count();
    expect(
      (
        await owner.browser.call('PUT', base, {
          ...profileSave(again),
          location: again.location,
          foundedYear: again.foundedYear,
          websiteUrl: again.websiteUrl,
        })
      ).status,
    ).toBe(200);
    expect(await count()).toBe(before);

    // Removing a logo that is not there changes nothing either.
    expect((await owner.browser.delete(`${base}/logo`, {})).status).toBe(200);
    expect(await count()).toBe(before);
    await ctx.database.db.execute(
      sql`update organizations set logo = '/uploads/logo-test.webp' where id = ${published.id}`,
    );
    expect((await owner.browser.delete(`${base}/logo`, {})).status).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'image-changed',
      details: { image: 'logo', removed: true },
    });

    const milestone = await editor.browser.post<Body<{ id: string }>>(`${base}/milestones`, {
      year: 2015,
      title: 'First boat',
    });
    expect(await newest()).toMatchObject({
      kind: 'milestone-added',
      details: { title: 'First boat' },
    });
    const milestoneUrl = `${base}/milestones/${milestone.body.data.id}`;
    await editor.browser.call('PUT', milestoneUrl, { year: 2016, title: 'First ferry' });
    expect(await newest()).toMatchObject({
      kind: 'milestone-changed',
      details: { title: 'First ferry' },
    });
    await editor.browser.delete(milestoneUrl, {});
    expect(await newest()).toMatchObject({
      kind: 'milestone-removed',
      details: { title: 'First ferry' },
    });
  });

  it('records open roles posted, changed, closed, reopened and deleted, by title', async () => {
    const roles = `/api/organizations/${published.id}/roles`;
    const role = {
      title: 'Boat builder',
      kind: 'full_time',
      workplace: 'remote',
      description: 'Builds boats.',
      apply: 'https://tidewater.example/jobs',
    };
    const posted = await editor.browser.post<Body<{ id: string }>>(roles, role);
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(await newest()).toMatchObject({
      kind: 'role-posted',
      actor: { userId: editor.id },
      details: { title: 'Boat builder' },
    });
    const one = `${roles}/${posted.body.data.id}`;
    expect((await editor.browser.call('PUT', one, { ...role, title: 'Shipwright' })).status).toBe(
      200,
    );
    expect(await newest()).toMatchObject({
      kind: 'role-changed',
      details: { title: 'Shipwright' },
    });
    expect((await editor.browser.post(`${one}/close`, {})).status).toBe(200);
    expect(await newest()).toMatchObject({ kind: 'role-closed', details: { title: 'Shipwright' } });
    const closedAt = await count();
    expect((await editor.browser.post(`${one}/close`, {})).status).toBe(200);
    expect(await count()).toBe(closedAt);
    expect((await editor.browser.post(`${one}/reopen`, {})).status).toBe(200);
    expect(await newest()).toMatchObject({ kind: 'role-reopened' });
    expect((await editor.browser.delete(one, {})).status).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'role-removed',
      details: { title: 'Shipwright' },
    });
  });

  it('is read by owners only; anyone else meets what every owner-only call answers', async () => {
    expect((await activityOf(owner.browser)).status).toBe(200);
    for (const [who, agent] of [
      ['editor', editor.browser],
      ['stranger', stranger.browser],
      ['operator', operator.browser],
    ] as const) {
      expect((await activityOf(agent)).status, `${who} published`).toBe(403);
      const hidden = await activityOf(agent, unpublished.id);
      expect(hidden.status, `${who} unpublished`).toBe(who === 'editor' ? 403 : 404);
    }
    expect((await activityOf(createAgent(ctx.app))).status).toBe(401);
    expect((await activityOf(stranger.browser, 'not-an-id')).status).toBe(404);
  });

  it('pages newest first with a cursor, and refuses a broken one', async () => {
    const id = unpublished.id;
    const members = `/api/organizations/${id}/members`;
    for (let index = 0; index < ACTIVITY_PAGE_SIZE; index += 1) {
      const role = index % 2 === 0 ? 'owner' : 'editor';
      expect((await owner.browser.call('PATCH', `${members}/${editor.id}`, { role })).status).toBe(
        200,
      );
    }
    const total = await count(id);
    expect(total).toBeGreaterThan(ACTIVITY_PAGE_SIZE);
    const first = await activityOf(owner.browser, id);
    expect(first.body.data).toHaveLength(ACTIVITY_PAGE_SIZE);
    const ids = first.body.data.map((entry) => Number(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The last of the changes above made the editor an owner.
    expect(first.body.data[0]).toMatchObject({
      kind: 'member-role-changed',
      details: { role: 'owner' },
    });
    const cursor = first.body.meta.nextCursor!;
    expect(cursor).toBe(String(ids.at(-1)));
    const second = await activityOf(owner.browser, id, cursor);
    expect(second.body.data).toHaveLength(total - ACTIVITY_PAGE_SIZE);
    expect(second.body.meta.nextCursor).toBeNull();
    expect(second.body.data.every((entry) => Number(entry.id) < ids.at(-1)!)).toBe(true);
    for (const broken of ['abc', '0', '-1', '1'.repeat(30)]) {
      expect((await activityOf(owner.browser, id, broken)).status, broken).toBe(400);
    }
  });

  it("records a member who left with their account's deletion, named as they were", async () => {
    const leaving = await person(ctx, 'leaving@example.com');
    await ctx.database.db.execute(
      sql`update users set name = 'Lena Leaving' where id = ${leaving.id}`,
    );
    await addMember(ctx, published.id, leaving.id, 'editor');
    const deleted = await leaving.browser.delete('/api/users/me', {
      confirmation: 'DELETE',
      password: 'secret1',
    });
    expect(deleted.status).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'member-left',
      actor: { userId: leaving.id, name: 'Lena Leaving', email: 'leaving@example.com' },
      details: { role: 'editor', accountDeleted: true },
    });
  });

  it('goes with its organization', async () => {
    const doomed = await organizationOf(owner.browser, 'Short Lived', { paid: false });
    await owner.browser.post(`/api/organizations/${doomed.id}/invitations`, {
      email: 'doomed@example.com',
      role: 'editor',
    });
    expect(await count(doomed.id)).toBe(1);
    expect((await owner.browser.delete(`/api/organizations/${doomed.id}`, {})).status).toBe(200);
    expect(await count(doomed.id)).toBe(0);
  });
});
