import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Category, CategoryGroup, Country, FaqItem } from '@si/contracts';
import type { ReferenceRepository } from './repository.ts';

interface ReferenceSnapshot {
  groups: CategoryGroup[];
  categories: Category[];
  countries: Country[];
  faqs: FaqItem[];
  categoryById: Map<string, Category>;
  countryByCode: Map<string, Country>;
  /** Names this content: the same data read again gives the same version. */
  version: string;
}

/**
 * Reference data changes only when a release syncs it, so one snapshot per process, refreshed
 * every few minutes, serves every request and every validation without a query.
 */
export function createReferenceService(repository: ReferenceRepository, ttlMs = 5 * 60 * 1000) {
  const cache = new LRUCache<'snapshot', ReferenceSnapshot>({
    max: 1,
    ttl: ttlMs,
    allowStale: true,
    fetchMethod: async () => {
      const [groups, categories, countries, faqs] = await Promise.all([
        repository.categoryGroups(),
        repository.categories(),
        repository.countries(),
        repository.faqs(),
      ]);
      return {
        groups,
        categories,
        countries,
        faqs,
        categoryById: new Map(categories.map((category) => [category.id, category])),
        countryByCode: new Map(countries.map((country) => [country.code, country])),
        version: createHash('sha1')
          .update(JSON.stringify([groups, categories, countries, faqs]))
          .digest('base64url')
          .slice(0, 16),
      };
    },
  });
  const snapshot = async () => (await cache.fetch('snapshot'))!;

  return {
    snapshot,
    categoryGroups: async () => (await snapshot()).groups,
    categories: async () => (await snapshot()).categories,
    countries: async () => (await snapshot()).countries,
    faqs: async () => (await snapshot()).faqs,
    clear: () => cache.clear(),
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
