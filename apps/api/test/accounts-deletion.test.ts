import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletionMessages, signInMessages, type Organization } from '@si/contracts';
import { countRows, signUp, type Body } from './support/accounts.ts';
import { createAgent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

describe('DELETE /api/users/me', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => ctx.close());

  it('needs the typed confirmation and the current password of a password account', async () => {
    const { browser } = await signUp(ctx, 'ann@example.com');
    const unconfirmed = await browser.delete('/api/users/me', {
      confirmation: 'delete',
      password: 'secret1',
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error?.message).toBe(accountDeletionMessages.typeDelete);

    const noPassword = await browser.delete('/api/users/me', { confirmation: 'DELETE' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error?.message).toBe(accountDeletionMessages.passwordRequired);

    const wrong = await browser.delete('/api/users/me', {
      confirmation: 'DELETE',
      password: 'not-it',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error?.message).toBe(accountDeletionMessages.wrongPassword);
    expect((await browser.get('/api/users/profile')).status).toBe(200);
  });

  it('removes the account with its organizations, their images and its sessions', async () => {
    const { browser, id } = await signUp(ctx, 'ben@example.com');
    const uploads = path.join(ctx.dataDir, 'uploads', 'organizations');
    await mkdir(uploads, { recursive: true });
    const logoFile = path.join(uploads, 'ben-logo.webp');
    await writeFile(logoFile, 'image bytes');
    const ownedId = await createOrganization(ctx.database.db, {
      name: 'Ben Builds',
      createdBy: id,
      logo: '/uploads/organizations/ben-logo.webp',
    });
    const keptId = await createOrganization(ctx.database.db, {
      name: 'Someone Else',
      createdBy: 'x',
    });

    const listed = await browser.get<Body<Organization[]>>('/api/users/organizations');
    expect(listed.body.data.map((organization) => organization.name)).toEqual(['Ben Builds']);

    const deleted = await browser.delete('/api/users/me', {
      confirmation: 'DELETE',
      password: 'secret1',
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: true });

    expect(await countRows(ctx, sql`select count(*)::int as n from users where id = ${id}`)).toBe(
      0,
    );
    expect(
      await countRows(ctx, sql`select count(*)::int as n from sessions where user_id = ${id}`),
    ).toBe(0);
    expect(
      await countRows(ctx, sql`select count(*)::int as n from accounts where user_id = ${id}`),
    ).toBe(0);
    expect(
      await countRows(ctx, sql`select count(*)::int as n from organizations where id = ${ownedId}`),
    ).toBe(0);
    expect(
      await countRows(ctx, sql`select count(*)::int as n from organizations where id = ${keptId}`),
    ).toBe(1);
    await expect(stat(logoFile)).rejects.toThrow();

    expect((await browser.get<Body<null>>('/api/auth/session')).body.data).toBeNull();
    const signIn = await createAgent(ctx.app).post('/api/auth/sign-in/email', {
      email: 'ben@example.com',
      password: 'secret1',
    });
    expect(signIn.status).toBe(401);
    expect(signIn.body.error?.message).toBe(signInMessages.invalidCredentials);
  });

  it('deletes a guest without re-authentication and needs a session', async () => {
    const guest = createAgent(ctx.app);
    await guest.post('/api/auth/sign-in/anonymous');
    expect((await guest.delete('/api/users/me', { confirmation: 'DELETE' })).status).toBe(200);
    const nobody = await createAgent(ctx.app).delete('/api/users/me', { confirmation: 'DELETE' });
    expect(nobody.status).toBe(401);
    expect(nobody.body.error?.message).toBe(signInMessages.noUser);
  });
});
