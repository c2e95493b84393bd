import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDeletionPreview, OrganizationMembers, Subscription } from '@si/contracts';
import { type Body } from './support/accounts.ts';
import { addMember } from './support/members.ts';
import { payInTestCheckout } from './support/payments.ts';
import { organizationOf, person, type Person } from './support/member-fixtures.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

describe('accounts and payments of organizations run by several people (ADR 047)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => ctx.close());

  const recipients = async (subjectPart: string) =>
    (
      (await ctx.database.db.execute(
        sql`select recipient from email_outbox where subject like ${`%${subjectPart}%`} order by recipient`,
      )) as unknown as { rows: { recipient: string }[] }
    ).rows.map((row) => row.recipient);

  const deleteAccount = (who: Person) =>
    who.browser.delete('/api/users/me', { confirmation: 'DELETE', password: 'secret1' });

  it('deletes with an account only the organizations it is the only owner of, and names them first', async () => {
    const leaving = await person(ctx, 'leaving@example.com');
    const partner = await person(ctx, 'partner@example.com');
    const helper = await person(ctx, 'helper@example.com');
    const alone = await organizationOf(leaving.browser, 'Alone Trust', { paid: false });
    const shared = await organizationOf(leaving.browser, 'Shared Trust', { paid: false });
    const helped = await organizationOf(partner.browser, 'Helped Trust', { paid: false });
    await addMember(ctx, alone.id, helper.id, 'editor');
    await addMember(ctx, shared.id, partner.id, 'owner');
    await addMember(ctx, helped.id, leaving.id, 'editor');

    const preview =
      await leaving.browser.get<Body<AccountDeletionPreview>>('/api/users/me/deletion');
    expect(preview.status).toBe(200);
    expect(preview.body.data.organizations).toEqual([{ id: alone.id, name: 'Alone Trust' }]);
    const partners =
      await partner.browser.get<Body<AccountDeletionPreview>>('/api/users/me/deletion');
    expect(partners.body.data.organizations).toEqual([{ id: helped.id, name: 'Helped Trust' }]);

    expect((await deleteAccount(leaving)).status).toBe(200);
    // Its only organization is gone, for its editor too; the others stay, without it.
    expect((await helper.browser.get(`/api/organizations/${alone.id}`)).status).toBe(404);
    for (const id of [shared.id, helped.id]) {
      const left = await partner.browser.get<Body<OrganizationMembers>>(
        `/api/organizations/${id}/members`,
      );
      expect(left.status).toBe(200);
      expect(left.body.data.members.map((member) => member.email)).toEqual(['partner@example.com']);
    }
    const kept = await partner.browser.get<Body<{ createdBy: string }>>(
      `/api/organizations/${shared.id}`,
    );
    expect(kept.body.data.createdBy).toBe(leaving.id);
    const rows = (await ctx.database.db.execute(
      sql`select count(*)::int as n from organization_members where user_id = ${leaving.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('sends receipts and payment emails to every owner, and keeps the subscription when the payer goes', async () => {
    const payer = await person(ctx, 'payer@example.com');
    const coOwner = await person(ctx, 'co-owner@example.com');
    const editor = await person(ctx, 'editor-pays-not@example.com');
    const unpaid = await organizationOf(payer.browser, 'Two Owners Trust', { paid: false });
    await addMember(ctx, unpaid.id, coOwner.id, 'owner');
    await addMember(ctx, unpaid.id, editor.id, 'editor');
    await payInTestCheckout(payer.browser, unpaid.id);
    const receipts = await recipients('Receipt for Two Owners Trust');
    expect(receipts).toEqual(['co-owner@example.com', 'payer@example.com']);
    const all = (
      (await ctx.database.db.execute(
        sql`select distinct recipient from email_outbox where text like ${'%Two Owners Trust%'}`,
      )) as unknown as { rows: { recipient: string }[] }
    ).rows.map((row) => row.recipient);
    expect(all).not.toContain('editor-pays-not@example.com');

    // The payer leaves; the subscription is the organization's, and runs on for the owner left.
    const leave = await payer.browser.delete(
      `/api/organizations/${unpaid.id}/members/${payer.id}`,
      {},
    );
    expect(leave.status).toBe(200);
    const subscription = await coOwner.browser.get<Body<Subscription>>(
      `/api/payments/subscription/${unpaid.id}`,
    );
    expect(subscription.status).toBe(200);
    expect(subscription.body.data.status).toBe('paid');
    expect((await payer.browser.get(`/api/payments/subscription/${unpaid.id}`)).status).toBe(403);
    const listed = await coOwner.browser.get<Body<Subscription[]>>('/api/payments/subscriptions');
    expect(listed.body.data.map((one) => one.organizationId)).toEqual([unpaid.id]);
    expect(
      (await payer.browser.get<Body<unknown[]>>('/api/payments/subscriptions')).body.data,
    ).toEqual([]);
    // It is the owner left's to cancel, and the profile stays up to the end of the period.
    const cancel = await coOwner.browser.post(
      `/api/payments/subscriptions/${unpaid.id}/cancel`,
      {},
    );
    expect(cancel.status).toBe(200);
    const published = await coOwner.browser.get<Body<{ published: boolean }>>(
      `/api/organizations/${unpaid.id}`,
    );
    expect(published.body.data.published).toBe(true);
  });
});
