import { sql } from 'drizzle-orm';
import type { OrganizationVerification } from '@si/contracts';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
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
    /**
     * The Verified badge (ADR 032): the website domain the owner proved by a code emailed there,
     * and when. Cleared when the website moves to another domain or an operator revokes it.
     */
    verifiedDomain: text('verified_domain'),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    /** Goes up with every saved change: a save made on an older version is refused (409). */
    version: integer('version').notNull().default(1),
    /**
     * The organization's category ids, kept in step with organization_categories by the
     * repository in the same transaction, so the directory reads one row per organization.
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
    // The directory lists from its in-process index (ADR 018); this one answers which
    // countries have a published organization.
    index('organizations_published_country_name_idx')
      .on(table.country, table.name, table.id)
      .where(sql`${table.published}`),
    index('organizations_created_by_idx').on(table.createdBy),
  ],
);

/** An organization's badge as the contracts give it ({ domain, verifiedAt } or null), made in SQL. */
export const verificationColumn = sql<OrganizationVerification | null>`case when ${organizations.verifiedDomain} is not null then json_build_object('domain', ${organizations.verifiedDomain}, 'verifiedAt', to_char(${organizations.verifiedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end`;

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
 * The directory's change counter: one row whose version goes up, in the writing transaction,
 * with every statement that changes what the directory shows (migration 0006). A process
 * whose index is older than the version it reads catches up before it answers (ADR 018).
 */
export const directoryState = pgTable(
  'directory_state',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('directory_state_single_row', sql`${table.singleton}`)],
);

/**
 * What each version changed: the organizations to read again (null: too many, read them all).
 * Written by the same trigger as the version; the last 10,000 versions are kept.
 */
export const directoryChanges = pgTable('directory_changes', {
  version: bigint('version', { mode: 'number' }).primaryKey(),
  organizationIds: uuid('organization_ids').array(),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Organizations whose share card is to be drawn ahead or removed (ADR 026). A trigger on
 * organizations (migration 0008) adds one, in the writing transaction, whenever a statement
 * changes what a published profile's card shows or publishes, unpublishes or deletes one, so
 * every writer is caught (saves, image uploads, payments, lapses, operator commands). The
 * share-cards job takes rows, draws or removes the cards, and deletes each row if it has not
 * changed since it was taken.
 */
export const shareCardQueue = pgTable('share_card_queue', {
  organizationId: uuid('organization_id').primaryKey(),
  /**
   * Renumbered (from the column's own sequence) by every change: a row is done only if its
   * number is still the one that was taken.
   */
  change: bigserial('change', { mode: 'number' }).notNull(),
  /** Set while a process draws the card; another takes the row only once this has passed. */
  takenUntil: timestamp('taken_until', { withTimezone: true, mode: 'date' }),
});

export * from './identity-schema.ts';
export * from './payments-schema.ts';
export * from './operations-schema.ts';
export * from './insights-schema.ts';
export * from './verification-schema.ts';
export * from './newsletter-schema.ts';
export * from './saved-searches-schema.ts';
