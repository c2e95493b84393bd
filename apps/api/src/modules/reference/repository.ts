import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, categoryGroups, countries, faqItems } from '../../db/schema.ts';
import {
  DEFAULT_CATEGORY_ID,
  type Category,
  type CategoryGroup,
  type Country,
  type FaqItem,
} from '@si/contracts';

export function createReferenceRepository(db: Database) {
  return {
    categoryGroups: () =>
      db.select().from(categoryGroups).orderBy(asc(categoryGroups.sortOrder)) as Promise<
        CategoryGroup[]
      >,

    /** Every category but the placeholder, which exists only to be never shown. */
    categories: () =>
      db
        .select()
        .from(categories)
        .where(sql`${categories.id} <> ${DEFAULT_CATEGORY_ID}`)
        .orderBy(asc(categories.groupId), asc(categories.sortOrder)) as Promise<Category[]>,

    countries: (): Promise<Country[]> => db.select().from(countries).orderBy(asc(countries.name)),

    faqs: () => db.select().from(faqItems).orderBy(asc(faqItems.sortOrder)) as Promise<FaqItem[]>,
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
