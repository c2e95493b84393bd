import { sql } from 'drizzle-orm';
import type { OrganizationVerification } from '@si/contracts';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { categories } from './reference-schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /** Ways to support (ADR 042): outbound links counted like the others. */
    donateUrl: text('donate_url'),
    volunteerUrl: text('volunteer_url'),
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
