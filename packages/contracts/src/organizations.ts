import { z } from 'zod';
import { CategoryId, CountryCode } from './reference.ts';
import {
  MAX_FILTER_CATEGORIES,
  ORGANIZATION_LIST_DEFAULT_LIMIT,
  ORGANIZATION_LIST_MAX_LIMIT,
  SEARCH_QUERY_MAX,
} from './limits.ts';
import { OrganizationVerification } from './verification.ts';

export const OrganizationId = z.uuid({ message: 'Organization ids are UUIDs' });

export const paymentStatuses = ['pending', 'paid'] as const;
export const subscriptionTypes = ['monthly', 'yearly', 'guest'] as const;

/** The public profile, docs/product.md#what-the-product-stores. Text fields are plain text, never HTML. */
export const Organization = z.object({
  id: OrganizationId,
  name: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  bannerImage: z.string().nullable(),
  categoryIds: z.array(CategoryId),
  categoriesOrder: z.record(z.string(), z.number()),
  categoriesDetails: z.record(z.string(), z.string()),
  categoryImages: z.record(z.string(), z.string()),
  country: CountryCode,
  location: z.string(),
  foundedYear: z.number().int().nullable(),
  websiteUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  blogUrl: z.string().nullable(),
  /** Ways to support the organization (ADR 042): where to give, where to volunteer. */
  donateUrl: z.string().nullable(),
  volunteerUrl: z.string().nullable(),
  createdBy: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  subscriptionType: z.enum(subscriptionTypes).nullable(),
  published: z.boolean(),
  /** The Verified badge: the website's domain its owner proved, or null (ADR 032). */
  verification: OrganizationVerification.nullable(),
  /** Goes up by one with every saved change; PUT sends back the one it was made on. */
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Organization = z.infer<typeof Organization>;

/** What a card in the grid needs: the list stays small on the wire. */
export const OrganizationSummary = Organization.pick({
  id: true,
  name: true,
  description: true,
  logo: true,
  categoryIds: true,
  country: true,
  location: true,
  verification: true,
}).extend({
  /** Its open roles today: not closed, not held, the closing date not passed (UTC, ADR 042). */
  openRoles: z.number().int().min(0),
});
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;

export const commaList = (item: z.ZodType<string, string>, max: number) =>
  z
    .string()
    .max(2000)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(item).max(max, `At most ${max} categories can be combined`));

/** Query of GET /api/organizations. Every value arrives as a string. */
export const OrganizationListQuery = z
  .object({
    country: CountryCode.optional(),
    categories: commaList(CategoryId, MAX_FILTER_CATEGORIES).optional(),
    q: z
      .string()
      .max(SEARCH_QUERY_MAX, `Search text is at most ${SEARCH_QUERY_MAX} characters`)
      .transform((value) => value.trim())
      .optional(),
    /** Only verified organizations (`true`); left out, every one. */
    verified: z.enum(['true'], { message: 'verified takes only true' }).optional(),
    /** Only organizations with at least one open role (`true`); left out, every one. */
    hiring: z.enum(['true'], { message: 'hiring takes only true' }).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(ORGANIZATION_LIST_MAX_LIMIT)
      .default(ORGANIZATION_LIST_DEFAULT_LIMIT),
    cursor: z.string().max(500).optional(),
  })
  .strict();
export type OrganizationListQuery = z.infer<typeof OrganizationListQuery>;

export const OrganizationListMeta = z.object({
  /** Organizations matching the whole filter. */
  total: z.number().int(),
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
  /** For the current filter: how many matching organizations carry each category. */
  facets: z.record(z.string(), z.number().int()),
  /** For the current filter: how many matching organizations are verified. */
  verified: z.number().int(),
  /** For the current filter: how many matching organizations have at least one open role. */
  hiring: z.number().int(),
});
export type OrganizationListMeta = z.infer<typeof OrganizationListMeta>;
