import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invitationErrorCodes as codes,
  invitationTexts,
  memberTexts,
  type InvitationPreview,
  type MyOrganization,
  type Organization,
  type OrganizationMembers,
  type PendingInvitation,
} from '@si/contracts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { signUp, type Body as Answer } from './support/accounts.ts';
import { invitationEmailTo, rowsOf } from './support/invitations.ts';
import { addMember } from './support/members.ts';
import { organizationOf, person, type Person } from './support/member-fixtures.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

/** An answer, its error naming the fields at fault. */
type Body<T> = Answer<T> & { error?: { fields?: Record<string, string> } };

describe('invitations by email (ADR 049)', () => {
  let ctx: TestContext;
  let owner: Person;
  let editor: Person;
  let stranger: Person;
  let published: Organization;
  let unpublished: Organization;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off', DIRECTORY_CACHE_MS: '0' });
    owner = await person(ctx, 'owner@example.com');
    await ctx.database.db.execute(sql`update users set name = 'Olga Owner' where id = ${owner.id}`);
    editor = await person(ctx, 'editor@example.com');
    stranger = await person(ctx, 'stranger@example.com');
    published = await organizationOf(owner.browser, 'Tidewater Commons');
    unpublished = await organizationOf(owner.browser, 'Quiet Harbour', { paid: false });
    for (const organization of [published, unpublished]) {
      expect(await addMember(ctx, organization.id, editor.id, 'editor')).toBe('added');
    }
  });
  afterAll(() => ctx.close());

  const invitations = (id = published.id) => `/api/organizations/${id}/invitations`;
  const invite = (agent: Agent, email: string, role = 'editor', id = published.id) =>
    agent.post<Body<PendingInvitation>>(invitations(id), { email, role });
  const preview = (agent: Agent, token: string) =>
    agent.get<Body<InvitationPreview>>(`/api/invitations/${token}`);
  const accept = (agent: Agent, token: string) =>
    agent.post<Body<{ organizationId: string; role: string }>>(
      `/api/invitations/${token}/accept`,
      {},
    );
  const pending = async (id = published.id) =>
    (await owner.browser.get<Body<PendingInvitation[]>>(invitations(id))).body.data;
  const memberEmails = async (id = published.id) =>
    (
      await owner.browser.get<Body<OrganizationMembers>>(`/api/organizations/${id}/members`)
    ).body.data.members.map((member) => `${member.email}:${member.role}`);

  it('emails a single-use link, stored hashed, that makes the invitee a member in the role', async () => {
    const sent = await invite(owner.browser, '  New.Editor@Example.com ', 'editor');
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ email: 'new.editor@example.com', role: 'editor' });
    const expires = new Date(sent.body.data.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(expires).toBeLessThanOrEqual(7 * 24 * 3600_000);

    const email = await invitationEmailTo(ctx, 'new.editor@example.com');
    expect(email.subject).toBe('Olga Owner invited you to Tidewater Commons on Scaling Impact');
    expect(email.text).toContain(`${TEST_PUBLIC_URL}/invitations/${email.token}`);
    expect(email.text).toContain('as an editor');
    const [stored] = await rowsOf<{ token_hash: string }>(
      ctx,
      sql`select token_hash from organization_invitations where id = ${sent.body.data.id}`,
    );
    expect(stored!.token_hash).toBe(createHash('sha256').update(email.token).digest('hex'));

    // Whoever holds the link sees what it offers, signed out too.
    const seen = await preview(createAgent(ctx.app), email.token);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      organizationId: published.id,
      organizationName: 'Tidewater Commons',
      role: 'editor',
      invitedBy: 'Olga Owner',
      email: 'new.editor@example.com',
    });

    const invitee = await person(ctx, 'new.editor@example.com');
    const accepted = await accept(invitee.browser, email.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toEqual({ organizationId: published.id, role: 'editor' });
    expect(await memberEmails()).toContain('new.editor@example.com:editor');
    expect(await pending()).toEqual([]);
    const mine = await invitee.browser.get<Body<MyOrganization[]>>('/api/users/organizations');
    expect(mine.body.data.map((org) => [org.name, org.myRole])).toEqual([
      ['Tidewater Commons', 'editor'],
    ]);

    // Used: the invitee is told so; anyone else only that it cannot be used.
    const again = await accept(invitee.browser, email.token);
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe(codes.used);
    const other = await preview(stranger.browser, email.token);
    expect(other.status).toBe(404);
    expect(other.body.error).toEqual({ code: codes.unusable, message: invitationTexts.unusable });
  });

  it('names the field of a bad address, and says when the address is a member or already invited', async () => {
    const bad = await invite(owner.browser, 'not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.email).toBe(invitationTexts.invalidEmail);
    const badRole = await invite(owner.browser, 'role@example.com', 'admin');
    expect(badRole.status).toBe(400);
    expect(Object.keys(badRole.body.error?.fields ?? {})).toEqual(['role']);

    const member = await invite(owner.browser, 'EDITOR@example.com', 'owner');
    expect(member.status).toBe(409);
    expect(member.body.error?.code).toBe(codes.alreadyMember);
    expect(member.body.error?.fields?.email).toBe(
      invitationTexts.alreadyMember('editor@example.com'),
    );

    expect((await invite(owner.browser, 'twice@example.com')).status).toBe(201);
    const twice = await invite(owner.browser, 'twice@example.com', 'owner');
    expect(twice.status).toBe(409);
    expect(twice.body.error?.code).toBe(codes.pending);
    expect((await pending()).filter((one) => one.email === 'twice@example.com')).toHaveLength(1);
  });

  it('lists open invitations to owners only; editors, strangers and signed-out callers are refused without a leak', async () => {
    const listed = await pending();
    expect(listed.map((one) => [one.email, one.role, one.expired])).toContainEqual([
      'twice@example.com',
      'editor',
      false,
    ]);
    const twice = listed.find((one) => one.email === 'twice@example.com')!;
    const signedOut = createAgent(ctx.app);
    for (const [agent, id, status] of [
      [editor.browser, published.id, 403],
      [editor.browser, unpublished.id, 403],
      [stranger.browser, published.id, 403],
      [stranger.browser, unpublished.id, 404],
      [signedOut, published.id, 401],
    ] as const) {
      const calls = [
        await agent.get(invitations(id)),
        await agent.post(invitations(id), { email: 'editor-own@example.com', role: 'owner' }),
        await agent.post(`${invitations(id)}/${twice.id}/resend`, {}),
        await agent.delete(`${invitations(id)}/${twice.id}`, {}),
      ];
      expect(calls.map((call) => call.status)).toEqual([status, status, status, status]);
      if (status === 403 && agent === editor.browser) {
        expect(calls[1]!.body).toMatchObject({ error: { message: memberTexts.ownersOnly } });
      }
      if (status === 404) {
        // The very answer an unknown organization gets.
        const unknown = await agent.get(invitations('00000000-0000-4000-8000-000000000000'));
        expect(calls[0]!.body.error?.code).toBe(unknown.body.error?.code);
      }
    }
    expect(await pending()).toContainEqual(twice);
  });

  it('sends again with a new link and 7 more days; the old link is dead', async () => {
    expect((await invite(owner.browser, 'resent@example.com', 'owner')).status).toBe(201);
    const first = await invitationEmailTo(ctx, 'resent@example.com');
    const id = (await pending()).find((one) => one.email === 'resent@example.com')!.id;
    await ctx.database.db.execute(
      sql`update organization_invitations set expires_at = now() - interval '1 day' where id = ${id}`,
    );
    expect((await pending()).find((one) => one.id === id)?.expired).toBe(true);
    const resent = await owner.browser.post<Body<PendingInvitation>>(
      `${invitations()}/${id}/resend`,
      {},
    );
    expect(resent.status).toBe(200);
    expect(resent.body.data.expired).toBe(false);
    const second = await invitationEmailTo(ctx, 'resent@example.com');
    expect(second.token).not.toBe(first.token);

    const invitee = await person(ctx, 'resent@example.com');
    const old = await accept(invitee.browser, first.token);
    expect(old.status).toBe(404);
    expect(old.body.error?.code).toBe(codes.unusable);
    expect((await accept(invitee.browser, second.token)).status).toBe(200);
    expect(await memberEmails()).toContain('resent@example.com:owner');
  });

  it('revokes: the link then changes nothing, and the invitee is told it was withdrawn', async () => {
    expect((await invite(owner.browser, 'revoked@example.com')).status).toBe(201);
    const { token } = await invitationEmailTo(ctx, 'revoked@example.com');
    const id = (await pending()).find((one) => one.email === 'revoked@example.com')!.id;
    expect((await owner.browser.delete(`${invitations()}/${id}`, {})).status).toBe(200);
    expect((await pending()).map((one) => one.id)).not.toContain(id);
    const again = await owner.browser.delete(`${invitations()}/${id}`, {});
    expect(again.status).toBe(404);
    expect(again.body.error?.code).toBe(codes.notFound);

    const invitee = await person(ctx, 'revoked@example.com');
    const told = await accept(invitee.browser, token);
    expect(told.status).toBe(410);
    expect(told.body.error?.code).toBe(codes.revoked);
    expect((await preview(invitee.browser, token)).body.error?.code).toBe(codes.revoked);
    expect((await preview(createAgent(ctx.app), token)).body.error?.code).toBe(codes.unusable);
    expect(await memberEmails()).not.toContain('revoked@example.com:editor');
  });

  it('refuses an expired or forged link, and changes nothing', async () => {
    expect((await invite(owner.browser, 'late@example.com')).status).toBe(201);
    const { token } = await invitationEmailTo(ctx, 'late@example.com');
    await ctx.database.db.execute(
      sql`update organization_invitations set expires_at = now() - interval '1 second' where email = 'late@example.com'`,
    );
    const invitee = await person(ctx, 'late@example.com');
    const late = await accept(invitee.browser, token);
    expect(late.status).toBe(410);
    expect(late.body.error).toEqual({ code: codes.expired, message: invitationTexts.expired });
    expect((await preview(stranger.browser, token)).status).toBe(404);

    const forged = randomBytes(32).toString('base64url');
    for (const agent of [invitee.browser, stranger.browser, createAgent(ctx.app)]) {
      const answer = await preview(agent, forged);
      expect(answer.status).toBe(404);
      expect(answer.body.error?.code).toBe(codes.unusable);
    }
    expect((await accept(invitee.browser, forged)).status).toBe(404);
    expect(await memberEmails()).not.toContain('late@example.com:editor');
  });

  it('accepts only for the invited, verified, signed-in account', async () => {
    expect((await invite(owner.browser, 'careful@example.com')).status).toBe(201);
    const { token } = await invitationEmailTo(ctx, 'careful@example.com');

    const signedOut = await accept(createAgent(ctx.app), token);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error?.message).toBe(invitationTexts.signedOut);

    const guest = createAgent(ctx.app);
    await guest.post('/api/auth/sign-in/anonymous');
    expect((await accept(guest, token)).body.error?.code).toBe(codes.wrongAccount);

    const wrong = await accept(stranger.browser, token);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toEqual({
      code: codes.wrongAccount,
      message: invitationTexts.wrongAccount('careful@example.com'),
    });

    const unverified = await signUp(ctx, 'Careful@example.com', { verified: false });
    const notYet = await accept(unverified.browser, token);
    expect(notYet.status).toBe(403);
    expect(notYet.body.error?.code).toBe(codes.unverified);

    expect(await memberEmails()).not.toContain('careful@example.com:editor');
    expect((await pending()).map((one) => one.email)).toContain('careful@example.com');
    await ctx.database.db.execute(
      sql`update users set email_verified = true where id = ${unverified.id}`,
    );
    expect((await accept(unverified.browser, token)).status).toBe(200);
  });

  it('keeps members and open invitations at 20 together, and the members at 20 on accepting', async () => {
    const small = await organizationOf(owner.browser, 'Small Crew', { paid: false });
    for (let n = 1; n <= 19; n += 1) {
      expect(
        (await invite(owner.browser, `seat-${n}@example.com`, 'editor', small.id)).status,
      ).toBe(201);
    }
    const full = await invite(owner.browser, 'seat-20@example.com', 'editor', small.id);
    expect(full.status).toBe(409);
    expect(full.body.error).toEqual({ code: codes.full, message: invitationTexts.full });
    const seat1 = (await pending(small.id)).find((one) => one.email === 'seat-1@example.com')!;
    expect((await owner.browser.delete(`${invitations(small.id)}/${seat1.id}`, {})).status).toBe(
      200,
    );
    expect((await invite(owner.browser, 'seat-20@example.com', 'editor', small.id)).status).toBe(
      201,
    );

    // Members added another way (as an operator's support case will) fill it meanwhile.
    const { token } = await invitationEmailTo(ctx, 'seat-2@example.com');
    for (let n = 0; n < 19; n += 1) {
      expect(await addMember(ctx, small.id, `filler-${n}`, 'editor')).toBe('added');
    }
    const invitee = await person(ctx, 'seat-2@example.com');
    const refused = await accept(invitee.browser, token);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe(codes.full);
    expect((await pending(small.id)).map((one) => one.email)).toContain('seat-2@example.com');
  });

  it('answers a member who accepts another invitation that they are one already, and keeps their role', async () => {
    expect((await invite(owner.browser, 'joiner@example.com', 'editor')).status).toBe(201);
    const { token } = await invitationEmailTo(ctx, 'joiner@example.com');
    const joiner = await person(ctx, 'joiner@example.com');
    expect(await addMember(ctx, published.id, joiner.id, 'editor')).toBe('added');
    const answer = await accept(joiner.browser, token);
    expect(answer.status).toBe(409);
    expect(answer.body.error?.code).toBe(codes.alreadyMember);
    expect(await memberEmails()).toContain('joiner@example.com:editor');
  });
});

describe('invitations are limited per owner and per address (ADR 049)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({
      RATE_LIMIT_INVITATION_MAX: '3',
      RATE_LIMIT_INVITATION_ADDRESS_MAX: '2',
    });
  });
  afterAll(() => ctx.close());

  it('answers 429 past either limit, in words that say which', async () => {
    const owner = await person(ctx, 'busy-owner@example.com');
    const other = await person(ctx, 'other-owner@example.com');
    const first = await organizationOf(owner.browser, 'Busy Bees', { paid: false });
    const second = await organizationOf(other.browser, 'Other Bees', { paid: false });
    const url = (id: string) => `/api/organizations/${id}/invitations`;
    const sent = await owner.browser.post<Body<PendingInvitation>>(url(first.id), {
      email: 'popular@example.com',
      role: 'editor',
    });
    expect(sent.status).toBe(201);
    const resend = `${url(first.id)}/${sent.body.data.id}/resend`;
    expect((await owner.browser.post(resend, {})).status).toBe(200);
    const third = await owner.browser.post<Body<unknown>>(resend, {});
    expect(third.status).toBe(429);
    expect(third.body.error?.message).toBe(invitationTexts.tooManyToAddress);
    const fromOther = await other.browser.post<Body<unknown>>(url(second.id), {
      email: 'popular@example.com',
      role: 'editor',
    });
    expect(fromOther.status).toBe(429);
    expect(fromOther.body.error?.message).toBe(invitationTexts.tooManyToAddress);
    const fourth = await owner.browser.post<Body<unknown>>(url(first.id), {
      email: 'someone-else@example.com',
      role: 'editor',
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error?.message).toBe(invitationTexts.tooManyByOwner);
    const [row] = await rowsOf<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from organization_invitations where email = 'someone-else@example.com'`,
    );
    expect(row!.n).toBe(0);
  });
});
