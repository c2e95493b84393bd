import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** The reference data: category groups, categories, countries and the FAQ (db/seed/reference). */
export const categoryGroups = pgTable('category_groups', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  emoji: text('emoji').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    emoji: text('emoji').notNull(),
    groupId: text('group_id')
      .notNull()
      .references(() => categoryGroups.id),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [index('categories_group_idx').on(table.groupId, table.sortOrder)],
);

/** ISO 3166-1 countries. The pseudo-code ALL ("every country") is not a row: it is a rule. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  flagEmoji: text('flag_emoji').notNull(),
});

export const faqItems = pgTable('faq_items', {
  id: text('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  categories: text('categories').array().notNull(),
  sortOrder: integer('sort_order').notNull(),
});
