import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTexts, errorCodes } from '@si/contracts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { insertReport, publishedOrganizationOf, signUpOperator } from './support/operators.ts';
import { payInTestCheckout } from './support/payments.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * Operators do not judge their own case (ADR 028): on an organization an operator owns, the
 * console's actions and the reports about it are another operator's to take.
 */

type Answer = { data?: unknown; error?: { code: string; message: string } };
const ownCase = { code: errorCodes.forbidden, message: adminTexts.ownCase };

let ctx: TestContext;
let owning: { browser: Agent; id: string };
let other: Agent;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMITS: 'off' });
  owning = await signUpOperator(ctx, 'owning-operator@example.org');
  other = (await signUpOperator(ctx, 'other-operator@example.org')).browser;
});
afterAll(() => ctx.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const versionOf = async (id: string) =>
  (await rows<{ version: number }>(sql`select version from organizations where id = ${id}`))[0]!
    .version;
const isPublic = async (id: string) =>
  (await ctx.app.inject(`/api/organizations/${id}`)).statusCode === 200;
const auditOf = (id: string) =>
  rows<{ action: string; actor_id: string }>(
    sql`select action, actor_id from audit_log where target_id = ${id} order by id`,
  );

describe('an operator acting on their own organization', () => {
  it('may not hold, release or delete it; another operator may', async () => {
    const id = await publishedOrganizationOf(ctx, owning, 'Own Case Trust');
    const act = (who: Agent, action: 'hold' | 'release' | 'delete', version: number) =>
      who.post<Answer>(`/api/admin/organizations/${id}/${action}`, {
        reason: 'Looking into it',
        version,
      });

    const selfHold = await act(owning.browser, 'hold', await versionOf(id));
    expect(selfHold.status).toBe(403);
    expect(selfHold.body.error).toEqual(ownCase);
    expect(await isPublic(id)).toBe(true);

    expect((await act(other, 'hold', await versionOf(id))).status).toBe(200);
    expect(await isPublic(id)).toBe(false);

    const selfRelease = await act(owning.browser, 'release', await versionOf(id));
    expect(selfRelease.status).toBe(403);
    expect(selfRelease.body.error).toEqual(ownCase);
    expect(await isPublic(id)).toBe(false);

    const selfDelete = await act(owning.browser, 'delete', await versionOf(id));
    expect(selfDelete.status).toBe(403);
    expect(selfDelete.body.error).toEqual(ownCase);

    expect((await act(other, 'release', await versionOf(id))).status).toBe(200);
    expect(await isPublic(id)).toBe(true);
    // Only the other operator's actions are in the log.
    const otherId = (
      await rows<{ id: string }>(
        sql`select id from users where email = 'other-operator@example.org'`,
      )
    )[0]!.id;
    expect(await auditOf(id)).toEqual([
      { action: 'organization.hold', actor_id: otherId },
      { action: 'organization.release', actor_id: otherId },
    ]);
  });

  it('may not resolve a report about it in any way; another operator may', async () => {
    const id = await publishedOrganizationOf(ctx, owning, 'Reported Own Case');
    const report = await insertReport(ctx, id, { reason: 'spam' });
    for (const action of ['dismiss', 'hold', 'delete']) {
      const refused = await owning.browser.post<Answer>(`/api/admin/reports/${report}/resolve`, {
        action,
        reason: 'Nothing wrong here',
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual(ownCase);
    }
    const [open] = await rows<{ status: string }>(
      sql`select status from profile_reports where id = ${report}`,
    );
    expect(open!.status).toBe('open');
    expect(await isPublic(id)).toBe(true);

    const dismissed = await other.post(`/api/admin/reports/${report}/resolve`, {
      action: 'dismiss',
      reason: 'Not spam',
    });
    expect(dismissed.status).toBe(204);
  });

  it('may not refund their own payment; another operator may', async () => {
    const id = await createOrganization(ctx.database.db, {
      name: 'Refunded Own Case',
      createdBy: owning.id,
      published: false,
    });
    await payInTestCheckout(owning.browser, id);
    expect(await isPublic(id)).toBe(true);
    const version = await versionOf(id);
    const refund = (who: Agent) =>
      who.post<Answer>(`/api/admin/organizations/${id}/refund`, {
        reason: 'Charged by mistake',
        version,
        unpublish: 'now',
      });
    const selfRefund = await refund(owning.browser);
    expect(selfRefund.status).toBe(403);
    expect(selfRefund.body.error).toEqual(ownCase);
    expect(await isPublic(id)).toBe(true);
    expect(await auditOf(id)).toEqual([]);

    const refunded = await refund(other);
    expect(refunded.status).toBe(200);
    expect(await isPublic(id)).toBe(false);
  });
});
