import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { categories, categoryGroups, countries, faqItems } from '../schema.ts';
import { categoryGroups as groupData } from './reference/category-groups.ts';
import { categories as categoryData, defaultCategory } from './reference/categories.ts';
import { faqs as faqData } from './reference/faqs.ts';
import { isoCountries } from './countries.ts';

/**
 * Reference data is product data kept in code: every start brings the database in step with
 * it (insert or update, in one transaction), so a wording fix ships like any other change.
 */
export async function syncReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(categoryGroups)
      .values(groupData)
      .onConflictDoUpdate({
        target: categoryGroups.id,
        set: {
          name: sql`excluded.name`,
          emoji: sql`excluded.emoji`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
    await tx
      .insert(categories)
      .values([...categoryData, defaultCategory])
      .onConflictDoUpdate({
        target: categories.id,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          emoji: sql`excluded.emoji`,
          groupId: sql`excluded.group_id`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
    await tx
      .insert(countries)
      .values(isoCountries)
      .onConflictDoUpdate({
        target: countries.code,
        set: { name: sql`excluded.name`, flagEmoji: sql`excluded.flag_emoji` },
      });
    await tx
      .insert(faqItems)
      .values(faqData)
      .onConflictDoUpdate({
        target: faqItems.id,
        set: {
          question: sql`excluded.question`,
          answer: sql`excluded.answer`,
          categories: sql`excluded.categories`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
  });
}
