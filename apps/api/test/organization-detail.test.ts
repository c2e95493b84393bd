import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '@si/contracts';
import { createOrganization } from './support/factories.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

describe('GET /api/organizations/:id', () => {
  let ctx: TestContext;
  let publishedId: string;
  let hiddenId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    publishedId = await createOrganization(ctx.database.db, {
      name: 'Open Harbor',
      categoryIds: ['education', 'climate_action', 'nonprofit'],
      categoriesDetails: { education: 'We run evening classes.' },
      websiteUrl: 'https://openharbor.example.org',
    });
    hiddenId = await createOrganization(ctx.database.db, { published: false });
  });
  afterAll(() => ctx.close());

  it('returns the whole profile with categories in the owner’s order', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${publishedId}`,
    });
    expect(response.statusCode).toBe(200);
    const organization = response.json().data as Organization;
    expect(organization).toMatchObject({
      id: publishedId,
      name: 'Open Harbor',
      categoryIds: ['education', 'climate_action', 'nonprofit'],
      categoriesOrder: { education: 0, climate_action: 1, nonprofit: 2 },
      categoriesDetails: { education: 'We run evening classes.' },
      websiteUrl: 'https://openharbor.example.org',
      paymentStatus: 'paid',
      published: true,
    });
  });

  it('answers 404 with the SPEC wording for an unknown id', async () => {
    const id = randomUUID();
    const response = await ctx.app.inject({ method: 'GET', url: `/api/organizations/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: `Organization with ID "${id}" not found` },
    });
  });

  it('answers 404 for an id that is not a UUID, never 500', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/organizations/not-a-uuid' });
    expect(response.statusCode).toBe(404);
  });

  it('hides an unpublished organization from the public', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/organizations/${hiddenId}` });
    expect(response.statusCode).toBe(404);
  });
});
