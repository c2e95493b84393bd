import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminTexts,
  errorCodes,
  type AdminOrganizationDetail,
  type AdminOrganizationRow,
  type AdminUserDetail,
  type AdminUserRow,
} from '@si/contracts';
import type { Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { insertReport } from './support/operators.ts';
import { addMember } from './support/members.ts';
import { organizationOf, person, type Person } from './support/member-fixtures.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/*
 * The operator console knows an organization by its members, not its creator (ADR 047, 051):
 * it lists and finds it by its owners, emails each of them, and an operator who is a member
 * of it, in any role, leaves its case to another.
 */

let ctx: TestContext;
let creator: Person;
let coOwner: Person;
let lateOwner: Person;
let editor: Person;
let operator: Person;
let editingOperator: Person;
let organizationId: string;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
/** The subjects of the emails queued for `email` since the organization was set up. */
const subjectsTo = async (email: string) =>
  (
    await rows<{ subject: string }>(
      sql`select subject from email_outbox where recipient = ${email} and subject not like 'Verify%' and subject not like '%is live%' order by id`,
    )
  ).map((row) => row.subject);
const detail = async (agent: Agent = operator.browser) =>
  (await agent.get<Body<AdminOrganizationDetail>>(`/api/admin/organizations/${organizationId}`))
    .body.data;
const act = async (agent: Agent, action: 'hold' | 'release' | 'revoke-verification') =>
  agent.post<Body<AdminOrganizationDetail>>(
    `/api/admin/organizations/${organizationId}/${action}`,
    { reason: `Operator ${action}`, version: (await detail()).organization.version },
  );

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMITS: 'off' });
  creator = await person(ctx, 'console-creator@example.org');
  coOwner = await person(ctx, 'console-co-owner@example.org');
  lateOwner = await person(ctx, 'console-late-owner@example.org');
  editor = await person(ctx, 'console-editor@example.org');
  operator = await person(ctx, 'console-operator@example.org', true);
  editingOperator = await person(ctx, 'console-editing-operator@example.org', true);
  organizationId = (await organizationOf(creator.browser, 'Creekside Seed Library')).id;
  expect(await addMember(ctx, organizationId, coOwner.id, 'owner')).toBe('added');
  expect(await addMember(ctx, organizationId, lateOwner.id, 'owner')).toBe('added');
  expect(await addMember(ctx, organizationId, editor.id, 'editor')).toBe('added');
  expect(await addMember(ctx, organizationId, editingOperator.id, 'editor')).toBe('added');
  // Its creator hands it on and leaves: from now on, not one of its people.
  const left = await creator.browser.delete(
    `/api/organizations/${organizationId}/members/${creator.id}`,
    {},
  );
  expect(left.status).toBe(200);
});
afterAll(() => ctx.close());

describe('the console names an organization by its owners', () => {
  it('lists every owner, longest-standing first, and finds it by any of them only', async () => {
    const find = async (q: string) =>
      (
        await operator.browser.get<Body<AdminOrganizationRow[]>>(
          `/api/admin/organizations?q=${encodeURIComponent(q)}`,
        )
      ).body.data;
    const owners = ['console-co-owner@example.org', 'console-late-owner@example.org'];
    for (const q of ['CONSOLE-CO-OWNER@example', 'console-late-owner']) {
      const found = await find(q);
      expect(found.map((row) => row.id)).toEqual([organizationId]);
      expect(found[0]!.ownerEmails).toEqual(owners);
    }
    // Neither its creator who left, nor an editor, is an owner to find it by.
    expect(await find('console-creator@example.org')).toEqual([]);
    expect(await find('console-editor@example.org')).toEqual([]);
    expect((await detail()).organization.ownerEmails).toEqual(owners);
  });

  it("counts and lists a user's organizations by ownership, not by creation", async () => {
    const userOf = async (who: Person) =>
      (await operator.browser.get<Body<AdminUserDetail>>(`/api/admin/users/${who.id}`)).body.data;
    const owning = await userOf(coOwner);
    expect(owning.user.organizations).toBe(1);
    expect(owning.organizations.map((row) => row.id)).toEqual([organizationId]);
    for (const who of [creator, editor]) {
      const other = await userOf(who);
      expect(other.user.organizations).toBe(0);
      expect(other.organizations).toEqual([]);
    }
    const listed = await operator.browser.get<Body<AdminUserRow[]>>(
      '/api/admin/users?q=console-late-owner',
    );
    expect(listed.body.data.map((row) => row.organizations)).toEqual([1]);
  });
});

describe('an operator who is one of its members', () => {
  it('may not act on it or on a report about it; the creator who left may', async () => {
    const refused = await act(editingOperator.browser, 'hold');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: errorCodes.forbidden, message: adminTexts.ownCase });
    const report = await insertReport(ctx, organizationId, { reason: 'spam' });
    const resolve = await editingOperator.browser.post<Body<never>>(
      `/api/admin/reports/${report}/resolve`,
      { action: 'dismiss', reason: 'Not spam' },
    );
    expect(resolve.status).toBe(403);
    expect(resolve.body.error?.message).toBe(adminTexts.ownCase);

    // The creator is made an operator after leaving: no longer a party to its case.
    await ctx.database.db.execute(
      sql`update users set operator_since = now() where id = ${creator.id}`,
    );
    const held = await act(creator.browser, 'hold');
    expect(held.status).toBe(200);
    expect(held.body.data.organization.state).toBe('held');
    expect((await act(operator.browser, 'release')).status).toBe(200);
    await ctx.database.db.execute(
      sql`update users set operator_since = null where id = ${creator.id}`,
    );
  });
});

describe("an operator's emails about an organization", () => {
  it('go to each of its owners, not to its editors or its creator who left', async () => {
    const before = new Map(
      await Promise.all(
        [creator, coOwner, lateOwner, editor].map(
          async (who) => [who.email, (await subjectsTo(who.email)).length] as const,
        ),
      ),
    );
    const since = async (who: Person) => (await subjectsTo(who.email)).slice(before.get(who.email));

    expect((await act(operator.browser, 'hold')).status).toBe(200);
    expect((await act(operator.browser, 'release')).status).toBe(200);
    await ctx.database.db.execute(
      sql`update organizations set verified_domain = 'creekside.example', verified_at = now() where id = ${organizationId}`,
    );
    expect((await act(operator.browser, 'revoke-verification')).status).toBe(200);
    const [role] = await rows<{ id: string }>(sql`
      insert into organization_roles (organization_id, title, kind, workplace, description, apply, closes_on)
      values (${organizationId}, 'Seed keeper', 'full_time', 'remote', 'Keeps seeds.', 'https://example.org/jobs', current_date + 30)
      returning id`);
    const updatedAt = (await detail()).roles.find((one) => one.id === role!.id)!.updatedAt;
    const roleHold = await operator.browser.post(
      `/api/admin/organizations/${organizationId}/roles/${role!.id}/hold`,
      { reason: 'Asks for a fee', updatedAt },
    );
    expect(roleHold.status).toBe(200);

    for (const owner of [coOwner, lateOwner]) {
      expect(await since(owner)).toEqual([
        'Creekside Seed Library is on hold',
        'Creekside Seed Library is no longer on hold',
        expect.stringMatching(/Verified badge/),
        'The role Seed keeper at Creekside Seed Library is on hold',
      ]);
    }
    expect(await since(editor)).toEqual([]);
    expect(await since(creator)).toEqual([]);
  });
});
