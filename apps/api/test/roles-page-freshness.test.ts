import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization, Role } from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import type { TestContext } from './support/test-app.ts';
import { createPagesTestApp } from './support/web-build.ts';

/**
 * A kept profile page (ADR 027) is rendered again after any write to the organization's roles
 * (ADR 042), as after a save of the profile, while the editor's version stays where it was.
 */
describe('a kept profile page after its roles change', () => {
  let ctx: TestContext;
  let owner: Agent;
  let ownerId: string;

  beforeAll(async () => {
    ctx = await createPagesTestApp();
    ({ browser: owner, id: ownerId } = await signUp(ctx, 'kept-roles@example.com'));
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  async function page(url: string) {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    return {
      status: response.statusCode,
      kept: String(response.headers['server-timing'] ?? '').includes('desc="kept"'),
    };
  }

  /** Asks twice: the second answer is the kept page. */
  async function kept(url: string) {
    await page(url);
    expect(await page(url)).toEqual({ status: 200, kept: true });
  }

  const version = async (id: string) =>
    (await owner.get<Body<Organization>>(`/api/organizations/${id}`)).body.data.version;

  it('renders the page again after a role is posted, closed, reopened, saved and deleted', async () => {
    const id = await createOrganization(ctx.database.db, {
      name: 'Harbour Jobs Trust',
      createdBy: ownerId,
    });
    const url = `/organizations/${id}`;
    const versionBefore = await version(id);
    const roles = `/api/organizations/${id}/roles`;
    const body = {
      title: 'Harbour pilot',
      kind: 'part_time',
      workplace: 'hybrid',
      country: 'PT',
      city: 'Porto',
      description: 'Guides boats in.',
      apply: 'pilots@harbour.example',
    };

    await kept(url);
    const posted = await owner.post<Body<Role>>(roles, body);
    expect(posted.status).toBe(201);
    expect(await page(url)).toEqual({ status: 200, kept: false });
    const role = `${roles}/${posted.body.data.id}`;

    const writes: [string, () => Promise<{ status: number }>][] = [
      ['close', () => owner.post(`${role}/close`)],
      ['reopen', () => owner.post(`${role}/reopen`, {})],
      ['save', () => owner.call('PUT', role, { ...body, title: 'Senior harbour pilot' })],
      ['delete', () => owner.delete(role, {})],
    ];
    for (const [name, write] of writes) {
      await kept(url);
      expect((await write()).status, name).toBe(200);
      expect(await page(url), name).toEqual({ status: 200, kept: false });
    }
    // A role's writes never make an open editor's save stale.
    expect(await version(id)).toBe(versionBefore);
  });

  it('keeps the page when a write to a role is refused', async () => {
    const id = await createOrganization(ctx.database.db, { createdBy: ownerId });
    const url = `/organizations/${id}`;
    await kept(url);
    const refused = await owner.post(`/api/organizations/${id}/roles`, { title: '' });
    expect(refused.status).toBe(400);
    const missing = await owner.post(
      `/api/organizations/${id}/roles/00000000-0000-4000-8000-000000000000/close`,
    );
    expect(missing.status).toBe(404);
    expect(await page(url)).toEqual({ status: 200, kept: true });
  });
});
