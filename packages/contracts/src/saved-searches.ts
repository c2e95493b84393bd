import { z } from 'zod';
import { MAX_FILTER_CATEGORIES, SEARCH_QUERY_MAX } from './limits.ts';
import { CategoryId, CountryCode } from './reference.ts';
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

/** A search as the directory's URL carries it (docs/product.md#home-and-the-directory). */
export const SavedSearchFilters = z.strictObject({
  q: z
    .string()
    .max(SEARCH_QUERY_MAX, `Search text is at most ${SEARCH_QUERY_MAX} characters`)
    .refine(isStorableText)
    .transform((value) => value.trim())
    .default(''),
  categories: z
    .array(CategoryId)
    .max(MAX_FILTER_CATEGORIES, `At most ${MAX_FILTER_CATEGORIES} categories can be combined`)
    .transform((ids) => [...new Set(ids)])
    .default([]),
  country: CountryCode.nullable().default(null),
  verified: z.boolean().default(false),
});
export type SavedSearchFilters = z.infer<typeof SavedSearchFilters>;

export const SavedSearchFrequency = z.enum(savedSearchFrequencies);

export const CreateSavedSearchRequest = z.strictObject({
  name: SavedSearchName,
  frequency: SavedSearchFrequency,
  filters: SavedSearchFilters,
});
export type CreateSavedSearchRequest = z.infer<typeof CreateSavedSearchRequest>;

export const SavedSearchId = z.uuid({ message: 'Saved search ids are UUIDs' });

export const SavedSearch = z.object({
  id: SavedSearchId,
  name: z.string(),
  frequency: SavedSearchFrequency,
  filters: z.object({
    q: z.string(),
    categories: z.array(z.string()),
    country: z.string().nullable(),
    verified: z.boolean(),
  }),
  createdAt: z.iso.datetime(),
  /** When the last alert was worked out (sent, or nothing new), or null before the first. */
  lastAlertAt: z.iso.datetime().nullable(),
  /** When the next one is due. */
  nextAlertAt: z.iso.datetime(),
});
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
