import { z } from 'zod';
import { MAX_FILTER_CATEGORIES, SEARCH_QUERY_MAX } from './limits.ts';
import { CategoryId, CountryCode } from './reference.ts';
import { roleListMessages } from './role-list-texts.ts';
import { roleKinds } from './role-texts.ts';
import { isStorableText } from './text-rules.ts';
import {
  SAVED_SEARCH_NAME_MAX,
  savedSearchFrequencies,
  savedSearchTexts,
} from './saved-search-texts.ts';

/** Line breaks, tabs and other control or format characters: a name is one line of text. */
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export const SavedSearchName = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, savedSearchTexts.nameRequired)
      .max(SAVED_SEARCH_NAME_MAX, savedSearchTexts.nameTooLong)
      .refine((value) => isStorableText(value) && !CONTROL.test(value), savedSearchTexts.namePlain),
  );

const SearchText = z
  .string()
  .max(SEARCH_QUERY_MAX, `Search text is at most ${SEARCH_QUERY_MAX} characters`)
  .refine(isStorableText)
  .transform((value) => value.trim())
  .default('');
const Categories = z
  .array(CategoryId)
  .max(MAX_FILTER_CATEGORIES, `At most ${MAX_FILTER_CATEGORIES} categories can be combined`)
  .transform((ids) => [...new Set(ids)])
  .default([]);

/** A search as the directory's URL carries it (docs/product.md#home-and-the-directory). */
export const SavedSearchFilters = z.strictObject({
  q: SearchText,
  categories: Categories,
  country: CountryCode.nullable().default(null),
  verified: z.boolean().default(false),
  /** Organizations with at least one open role only (the directory's Hiring filter). */
  hiring: z.boolean().default(false),
});
export type SavedSearchFilters = z.infer<typeof SavedSearchFilters>;

/** A search as the /roles page's URL carries it (ADR 044): `kind` is `kinds` here. */
export const SavedRoleSearchFilters = z.strictObject({
  q: SearchText,
  kinds: z
    .array(z.enum(roleKinds, { error: roleListMessages.unknownKind }))
    .max(roleKinds.length)
    .transform((kinds) => roleKinds.filter((kind) => kinds.includes(kind)))
    .default([]),
  remote: z.boolean().default(false),
  country: CountryCode.nullable().default(null),
  categories: Categories,
});
export type SavedRoleSearchFilters = z.infer<typeof SavedRoleSearchFilters>;

/** What a saved search follows (ADR 046): the directory's organizations, or the open roles. */
export const savedSearchFollows = ['organizations', 'roles'] as const;
export type SavedSearchFollows = (typeof savedSearchFollows)[number];

export const SavedSearchFrequency = z.enum(savedSearchFrequencies);

/**
 * A new saved search. `follows` tells the two kinds apart; the API still takes a request without
 * it as following organizations (what every search followed first), filling it in before this
 * schema checks the body.
 */
export const CreateSavedSearchRequest = z.discriminatedUnion(
  'follows',
  [
    z.strictObject({
      name: SavedSearchName,
      frequency: SavedSearchFrequency,
      follows: z.literal('organizations'),
      filters: SavedSearchFilters,
    }),
    z.strictObject({
      name: SavedSearchName,
      frequency: SavedSearchFrequency,
      follows: z.literal('roles'),
      filters: SavedRoleSearchFilters,
    }),
  ],
  { error: savedSearchTexts.followsUnknown },
);
export type CreateSavedSearchRequest = z.infer<typeof CreateSavedSearchRequest>;

export const SavedSearchId = z.uuid({ message: 'Saved search ids are UUIDs' });

const SavedSearchBase = {
  id: SavedSearchId,
  name: z.string(),
  frequency: SavedSearchFrequency,
  createdAt: z.iso.datetime(),
  /** When the last alert was worked out (sent, or nothing new), or null before the first. */
  lastAlertAt: z.iso.datetime().nullable(),
  /** When the next one is due. */
  nextAlertAt: z.iso.datetime(),
};

export const SavedSearch = z.discriminatedUnion('follows', [
  z.object({
    ...SavedSearchBase,
    follows: z.literal('organizations'),
    filters: z.object({
      q: z.string(),
      categories: z.array(z.string()),
      country: z.string().nullable(),
      verified: z.boolean(),
      hiring: z.boolean(),
    }),
  }),
  z.object({
    ...SavedSearchBase,
    follows: z.literal('roles'),
    filters: z.object({
      q: z.string(),
      kinds: z.array(z.enum(roleKinds)),
      remote: z.boolean(),
      country: z.string().nullable(),
      categories: z.array(z.string()),
    }),
  }),
]);
export type SavedSearch = z.infer<typeof SavedSearch>;

/** The operator console's view: how many, and how the alert job last ran (ADR 034). */
export const AdminSavedSearchStats = z.object({
  savedSearches: z.number().int(),
  weekly: z.number().int(),
  monthly: z.number().int(),
  users: z.number().int(),
  /** Alerts due now and not worked out yet. */
  due: z.number().int(),
  lastRun: z
    .object({
      startedAt: z.iso.datetime(),
      finishedAt: z.iso.datetime(),
      outcome: z.enum(['done', 'failed']),
      searchesChecked: z.number().int(),
      emailsQueued: z.number().int(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type AdminSavedSearchStats = z.infer<typeof AdminSavedSearchStats>;
