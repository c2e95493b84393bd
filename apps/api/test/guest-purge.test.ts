import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@si/contracts';
import { countRows } from './support/accounts.ts';
import { holdAdvisoryLock } from './support/advisory-lock.ts';
import { createAgent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('guest purge job', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => ctx.close());

  const newGuest = async () => {
    const browser = createAgent(ctx.app);
    await browser.post('/api/auth/sign-in/anonymous');
    const me = await browser.get<{ data: CurrentUser }>('/api/auth/session');
    return me.body.data.id;
  };
  const age = async (userId: string, createdDaysAgo: number, lastSeenDaysAgo: number) => {
    await ctx.database.db.execute(
      sql`update users set created_at = now() - make_interval(days => ${createdDaysAgo}) where id = ${userId}`,
    );
    await ctx.database.db.execute(
      sql`update sessions set updated_at = now() - make_interval(days => ${lastSeenDaysAgo}) where user_id = ${userId}`,
    );
  };
  const exists = async (userId: string) =>
    (await countRows(ctx, sql`select count(*)::int as n from users where id = ${userId}`)) === 1;

  it('removes guests idle for 30 days, keeps active ones, owners and full accounts', async () => {
    const idle = await newGuest();
    const active = await newGuest();
    const owner = await newGuest();
    const young = await newGuest();
    await age(idle, 45, 31);
    await age(active, 45, 2);
    await age(owner, 45, 40);
    await age(young, 10, 10);
    await createOrganization(ctx.database.db, { createdBy: owner });
    const member = createAgent(ctx.app);
    const signUp = await member.post<{ data: { user: { id: string } } }>(
      '/api/auth/sign-up/email',
      { email: 'kept@example.com', password: 'secret1', name: '' },
    );
    const memberId = signUp.body.data.user.id;
    await age(memberId, 90, 90);

    const removed = await ctx.app.jobs.purgeGuests(new Date());
    expect(removed).toBe(1);
    expect(await exists(idle)).toBe(false);
    expect(await exists(active)).toBe(true);
    expect(await exists(owner)).toBe(true);
    expect(await exists(young)).toBe(true);
    expect(await exists(memberId)).toBe(true);
    expect(
      await countRows(ctx, sql`select count(*)::int as n from sessions where user_id = ${idle}`),
    ).toBe(0);
  });

  it('skips the run while another process holds the purge lock', async () => {
    const idle = await newGuest();
    await age(idle, 60, 60);
    // Another "process": hold the lock in a transaction while the job runs beside it.
    const later = new Date(Date.now() + DAY);
    if (ctx.database.kind === 'pglite') {
      // PGlite has one connection: a held lock would block the job itself, so only check that a
      // free lock lets the job run.
      expect(await ctx.app.jobs.purgeGuests(later)).toBeGreaterThanOrEqual(1);
      return;
    }
    const lock = await holdAdvisoryLock(ctx.database.db, 727274002);
    expect(await ctx.app.jobs.purgeGuests(later)).toBeNull();
    expect(await exists(idle)).toBe(true);
    await lock.release();
    expect(await ctx.app.jobs.purgeGuests(later)).toBeGreaterThanOrEqual(1);
    expect(await exists(idle)).toBe(false);
  });
});
