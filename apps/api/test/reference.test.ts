import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categoryGroupIds,
  type Category,
  type CategoryGroup,
  type Country,
  type FaqItem,
} from '@si/contracts';
import { createTestApp, type TestContext } from './support/test-app.ts';

describe('reference data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  const get = async <T>(url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: T }).data;
  };

  it('has the seven category groups in order', async () => {
    const groups = await get<CategoryGroup[]>('/api/category-groups');
    expect(groups.map((group) => group.id)).toEqual([...categoryGroupIds]);
    expect(groups.find((g) => g.id === 'company_properties')?.name).toBe('Company Properties');
    expect(groups.find((g) => g.id === 'how_we_scale_change')?.name).toBe('How We Scale Change');
  });

  it('has 4 to 8 described categories in every group and never shows default_category', async () => {
    const categories = await get<Category[]>('/api/categories');
    expect(categories.some((category) => category.id === 'default_category')).toBe(false);
    for (const groupId of categoryGroupIds) {
      const inGroup = categories.filter((category) => category.groupId === groupId);
      expect(inGroup.length, groupId).toBeGreaterThanOrEqual(4);
      expect(inGroup.length, groupId).toBeLessThanOrEqual(8);
    }
    for (const category of categories) {
      expect(category.emoji).not.toBe('');
      expect(category.description).toMatch(/\.$/);
    }
  });

  it('lists every ISO 3166-1 country with its flag', async () => {
    const countries = await get<Country[]>('/api/countries');
    expect(countries.length).toBe(249);
    expect(countries).toContainEqual({ code: 'BR', name: 'Brazil', flagEmoji: '🇧🇷' });
    expect(countries.some((country) => country.code === 'ALL')).toBe(false);
  });

  it('has nine FAQ entries across the four categories, saying what the product says', async () => {
    const faqs = await get<FaqItem[]>('/api/faqs');
    expect(faqs).toHaveLength(9);
    for (const category of ['general', 'submission', 'organization', 'pricing']) {
      expect(
        faqs.some((faq) => faq.categories.includes(category as FaqItem['categories'][number])),
      ).toBe(true);
    }
    const answers = faqs.map((faq) => faq.answer).join(' ');
    expect(answers).toMatch(/no approval/i);
    expect(answers).toMatch(/\$12/);
    expect(answers).toMatch(/\$100/);
    expect(answers).toMatch(/any ?time/i);
  });

  it('serves contact details from configuration', async () => {
    const site = await get<{ supportEmail: string; dataDeletionSubject: string }>('/api/site');
    expect(site.supportEmail).toBe('support@example.org');
    expect(site.dataDeletionSubject).not.toBe('');
  });
});
