import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DETAILS_MAX, reportTexts, type CurrentUser } from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import { createAgent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

interface StoredReport {
  organization_id: string | null;
  organization_name: string;
  reason: string;
  details: string;
  reporter_key: string;
  status: string;
}

const received = { data: { received: true } };

describe('POST /api/organizations/:id/reports', () => {
  let ctx: TestContext;
  let publishedId: string;
  let addressCount = 0;

  beforeAll(async () => {
    // Limits stay on (the default), but every visitor below comes from an address of its own.
    ctx = await createTestApp({ TRUST_PROXY: 'loopback' });
    publishedId = await createOrganization(ctx.database.db, { name: 'Open Harbor' });
  });
  afterAll(() => ctx.close());

  /** A browser at an address no other test uses. */
  const visitor = () => createAgent(ctx.app, { ip: `198.51.100.${++addressCount}` });
  const reportOf = (id: string) => `/api/organizations/${id}/reports`;

  async function reportsOf(id: string): Promise<StoredReport[]> {
    const result = (await ctx.database.db.execute(
      sql`select organization_id, organization_name, reason, details, reporter_key, status
          from profile_reports where organization_id = ${id} order by created_at, id`,
    )) as unknown as { rows: StoredReport[] };
    return result.rows;
  }

  const freshProfile = () => createOrganization(ctx.database.db, { name: 'Fresh Profile' });

  it('takes a signed-out visitor’s report, keyed by a hash of the address, never the address', async () => {
    const id = await freshProfile();
    const response = await ctx.app.inject({
      method: 'POST',
      url: reportOf(id),
      remoteAddress: '203.0.113.77',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { reason: 'spam', details: '  Asks for money up front.  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(received);

    const [stored, ...others] = await reportsOf(id);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      organization_name: 'Fresh Profile',
      reason: 'spam',
      details: 'Asks for money up front.',
      status: 'open',
    });
    expect(stored!.reporter_key).toMatch(/^client:[\w-]{43}$/);
    expect(stored!.reporter_key).not.toContain('203.0.113.77');
    expect(stored!.reporter_key).not.toContain('203.0.113');
    // Nor is the address kept by the report's rate limits.
    const counted = (await ctx.database.db.execute(
      sql`select key from rate_limit_hits where key like 'report%'`,
    )) as unknown as { rows: { key: string }[] };
    expect(counted.rows.length).toBeGreaterThan(0);
    expect(counted.rows.map((row) => row.key).join(' ')).not.toContain('203.0.113');
  });

  it('takes a guest’s and a user’s reports, keyed by their user ids', async () => {
    const id = await freshProfile();
    const guest = visitor();
    expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
    const asGuest = (await guest.get<Body<CurrentUser>>('/api/auth/session')).body.data;
    expect(asGuest.isAnonymous).toBe(true);
    expect((await guest.post(reportOf(id), { reason: 'offensive' })).body).toEqual(received);

    const { browser: user, id: userId } = await signUp(ctx, 'reader@example.org');
    expect(
      (await user.post(reportOf(id), { reason: 'inaccurate', details: 'Wrong city' })).body,
    ).toEqual(received);

    expect((await reportsOf(id)).map((report) => report.reporter_key)).toEqual([
      `user:${asGuest.id}`,
      `user:${userId}`,
    ]);
  });

  it('keeps one open report per reporter, answering a repeat exactly like the first', async () => {
    const id = await freshProfile();
    const browser = visitor();
    const first = await browser.post(reportOf(id), { reason: 'spam', details: 'first' });
    const again = await browser.post(reportOf(id), { reason: 'other', details: 'second' });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    const stored = await reportsOf(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ reason: 'spam', details: 'first' });

    // Another visitor's report of the same profile is a report of its own.
    await visitor().post(reportOf(id), { reason: 'spam' });
    expect(await reportsOf(id)).toHaveLength(2);
  });

  it('lets an owner report their own profile: it only reaches the operators', async () => {
    const { browser: owner, id: ownerId } = await signUp(ctx, 'owner@example.org');
    const id = await createOrganization(ctx.database.db, { createdBy: ownerId });
    expect((await owner.post(reportOf(id), { reason: 'other' })).body).toEqual(received);
    expect(await reportsOf(id)).toHaveLength(1);
  });

  it('keeps details as the text they are', async () => {
    const id = await freshProfile();
    const details = '<script>alert(1)</script> & <b>bold</b> 😀';
    await visitor().post(reportOf(id), { reason: 'other', details });
    expect((await reportsOf(id))[0]?.details).toBe(details);
  });

  it('answers 404, as the profile itself does, for an unpublished, unknown or malformed id', async () => {
    const { browser: owner, id: ownerId } = await signUp(ctx, 'hidden-owner@example.org');
    const hiddenId = await createOrganization(ctx.database.db, {
      published: false,
      createdBy: ownerId,
    });
    for (const id of [hiddenId, randomUUID(), 'not-a-uuid']) {
      const profile = await ctx.app.inject({ method: 'GET', url: `/api/organizations/${id}` });
      const report = await visitor().post(reportOf(id), { reason: 'spam' });
      expect(report.status).toBe(404);
      expect(report.body).toEqual(profile.json());
    }
    // Even its owner, who sees the unpublished profile, cannot report it: nobody else can see it.
    expect((await owner.post(reportOf(hiddenId), { reason: 'spam' })).status).toBe(404);
    expect(await reportsOf(hiddenId)).toEqual([]);
  });

  it.each([
    ['no reason', { details: 'x' }, 'reason', reportTexts.reasonRequired],
    ['an unknown reason', { reason: 'boring' }, 'reason', reportTexts.reasonRequired],
    [
      'details over the limit',
      { reason: 'spam', details: 'a'.repeat(REPORT_DETAILS_MAX + 1) },
      'details',
      reportTexts.detailsTooLong,
    ],
  ])('refuses %s with 400 and the contract’s message', async (_label, payload, field, message) => {
    const response = await visitor().post<{ error: { fields?: Record<string, string> } }>(
      reportOf(publishedId),
      payload,
    );
    expect(response.status).toBe(400);
    expect(response.body.error.fields?.[field]).toBe(message);
    expect(await reportsOf(publishedId)).toEqual([]);
  });

  it('refuses fields it does not know, such as a status or a reporter', async () => {
    for (const extra of [{ status: 'dismissed' }, { reporterKey: 'someone' }]) {
      const response = await visitor().post(reportOf(publishedId), { reason: 'spam', ...extra });
      expect(response.status).toBe(400);
    }
    expect(await reportsOf(publishedId)).toEqual([]);
  });

  it('takes details exactly at the limit', async () => {
    const id = await freshProfile();
    const details = 'a'.repeat(REPORT_DETAILS_MAX);
    expect((await visitor().post(reportOf(id), { reason: 'other', details })).status).toBe(200);
  });
});
