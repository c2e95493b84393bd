import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, MyOrganization, OrganizationMembers } from '@si/contracts';
import type { Body } from './support/accounts.ts';
import { createAgent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { addMember } from './support/members.ts';
import { person, type Person } from './support/member-fixtures.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/*
 * A guest's memberships (ADR 047): kept from the guest purge, and its account's once the guest
 * signs in, as what it created is.
 */

let ctx: TestContext;
let founder: Person;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMITS: 'off' });
  founder = await person(ctx, 'guest-founder@example.org');
});
afterAll(() => ctx.close());

async function newGuest() {
  const browser = createAgent(ctx.app);
  expect((await browser.post('/api/auth/sign-in/anonymous')).status).toBe(200);
  const me = await browser.get<Body<CurrentUser>>('/api/auth/session');
  return { browser, id: me.body.data.id };
}

const exists = async (userId: string) =>
  (
    (await ctx.database.db.execute(
      sql`select count(*)::int as n from users where id = ${userId}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n === 1;

describe("a guest's memberships", () => {
  it('keep an idle guest who is a member, though it created nothing', async () => {
    const member = await newGuest();
    const idle = await newGuest();
    const organizationId = await createOrganization(ctx.database.db, { createdBy: founder.id });
    expect(await addMember(ctx, organizationId, member.id, 'editor')).toBe('added');
    for (const guest of [member, idle]) {
      await ctx.database.db.execute(
        sql`update users set created_at = now() - interval '60 days' where id = ${guest.id}`,
      );
      await ctx.database.db.execute(
        sql`update sessions set updated_at = now() - interval '45 days' where user_id = ${guest.id}`,
      );
    }
    await ctx.app.jobs.purgeGuests(new Date());
    expect(await exists(idle.id)).toBe(false);
    expect(await exists(member.id)).toBe(true);
  });

  it('become the account’s when the guest signs in, one membership each, an owner’s if either was', async () => {
    const account = await person(ctx, 'guest-account@example.org');
    const shared = await createOrganization(ctx.database.db, { createdBy: founder.id });
    const guestOnly = await createOrganization(ctx.database.db, { createdBy: founder.id });
    const guest = await newGuest();
    expect(await addMember(ctx, shared, account.id, 'editor')).toBe('added');
    expect(await addMember(ctx, shared, guest.id, 'owner')).toBe('added');
    expect(await addMember(ctx, guestOnly, guest.id, 'editor')).toBe('added');

    const signedIn = await guest.browser.post('/api/auth/sign-in/email', {
      email: 'guest-account@example.org',
      password: 'secret1',
    });
    expect(signedIn.status).toBe(200);

    const mine = await account.browser.get<Body<MyOrganization[]>>('/api/users/organizations');
    const roles = new Map(mine.body.data.map((one) => [one.id, one.myRole]));
    expect(roles.get(shared)).toBe('owner');
    expect(roles.get(guestOnly)).toBe('editor');
    const members = await account.browser.get<Body<OrganizationMembers>>(
      `/api/organizations/${shared}/members`,
    );
    expect(members.body.data.members.map((member) => [member.userId, member.role]).sort()).toEqual(
      [
        [founder.id, 'owner'],
        [account.id, 'owner'],
      ].sort(),
    );
  });
});
