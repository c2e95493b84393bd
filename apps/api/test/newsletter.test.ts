import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/test-app.ts';

describe('POST /api/newsletter', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  const subscribe = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object });
  const stored = async () =>
    (
      (await ctx.database.db.execute(
        sql`select email from newsletter_subscribers order by email`,
      )) as unknown as { rows: { email: string }[] }
    ).rows.map((row) => row.email);

  it('stores a valid address once, however often and however it is capitalised', async () => {
    expect((await subscribe({ email: 'Ada@Example.org' })).statusCode).toBe(200);
    const again = await subscribe({ email: ' ada@example.org ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { subscribed: true } });
    expect(await stored()).toEqual(['ada@example.org']);
  });

  it.each([
    ['a malformed address', { email: 'not-an-email' }],
    ['no address', {}],
    ['an extra field', { email: 'b@example.org', admin: true }],
  ])('refuses %s with 400 and stores nothing', async (_label, payload) => {
    const before = await stored();
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBeTruthy();
    expect(await stored()).toEqual(before);
  });
});
