import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    logo: text('logo'),
    bannerImage: text('banner_image'),
    country: text('country').notNull(),
    location: text('location').notNull().default(''),
    foundedYear: integer('founded_year'),
    websiteUrl: text('website_url'),
    linkedinUrl: text('linkedin_url'),
    twitterUrl: text('twitter_url'),
    blogUrl: text('blog_url'),
    createdBy: text('created_by').notNull(),
    paymentStatus: text('payment_status', { enum: ['pending', 'paid'] })
      .notNull()
      .default('pending'),
    subscriptionType: text('subscription_type', { enum: ['monthly', 'yearly', 'guest'] }),
    /** Visible to the public. Only an active subscription (paid or guest code) sets it. */
    published: boolean('published').notNull().default(false),
    /** An operator took the profile down (CLI): it stays unpublished whatever its subscription. */
    heldByOperator: boolean('held_by_operator').notNull().default(false),
    /** Goes up with every saved change: a save made on an older version is refused (409). */
    version: integer('version').notNull().default(1),
    /**
     * The organization's category ids, kept in step with organization_categories by the
     * repository in the same transaction. It exists so the AND filter (`@>`) and the facet
     * counts run on one table with a GIN index instead of a join over every link.
     */
    categoryIds: text('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B') || setweight(to_tsvector('simple', coalesce(location, '')), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('organizations_published_name_idx')
      .on(table.name, table.id)
      .where(sql`${table.published}`),
    index('organizations_published_country_name_idx')
      .on(table.country, table.name, table.id)
      .where(sql`${table.published}`),
    index('organizations_published_categories_idx')
      .using('gin', table.categoryIds)
      .where(sql`${table.published}`),
    index('organizations_published_search_idx')
      .using('gin', table.search)
      .where(sql`${table.published}`),
    index('organizations_created_by_idx').on(table.createdBy),
  ],
);

export const organizationCategories = pgTable(
  'organization_categories',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    sortOrder: integer('sort_order').notNull().default(0),
    detail: text('detail'),
    imageUrl: text('image_url'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.categoryId] }),
    index('organization_categories_category_idx').on(table.categoryId),
  ],
);

/**
 * How many published organizations each facet question has, kept exact by statement-level
 * triggers on organizations (migration 0001). A row answers: of the organizations in `country`
 * ('*' for every country) that carry `filter_category_id` ('' for no category filter), how many
 * carry `category_id` ('' for the total)? So the directory's most asked questions (no filter,
 * a country, one category, or both) are a lookup, not a scan. Never written by the app.
 */
export const directoryCounts = pgTable(
  'directory_counts',
  {
    country: text('country').notNull(),
    filterCategoryId: text('filter_category_id').notNull(),
    categoryId: text('category_id').notNull(),
    organizations: integer('organizations').notNull(),
  },
  (table) => [primaryKey({ columns: [table.filterCategoryId, table.country, table.categoryId] })],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('newsletter_subscribers_email_idx').on(table.email)],
);
export * from './identity-schema.ts';
export * from './payments-schema.ts';
