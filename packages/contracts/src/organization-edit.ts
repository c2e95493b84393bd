import { z } from 'zod';
import {
  CATEGORY_DESCRIPTION_MAX,
  DEFAULT_CATEGORY_ID,
  FOUNDED_YEAR_MIN,
  MAX_CATEGORIES_PER_ORGANIZATION,
  ORGANIZATION_DESCRIPTION_MAX,
} from './limits.ts';
import { CategoryId, CountryCode } from './reference.ts';
import {
  ORGANIZATION_LOCATION_MAX,
  ORGANIZATION_NAME_MAX,
  organizationFormMessages,
  urlFieldExamples,
  type UrlField,
} from './organization-texts.ts';
import { StoredInteger } from './stored-integers.ts';
import {
  URL_MAX_LENGTH,
  hasNoControlCharacters,
  isHttpUrl,
  isStorableText,
  urlControlCharacterMessage,
  urlMessage,
} from './text-rules.ts';

/**
 * What an owner writes to an organization and the rules it follows: one definition for the
 * form, the route schema, the service and the OpenAPI document. Their words are in
 * organization-texts.ts.
 */

/** Required text: whitespace alone counts as empty. */
const RequiredText = (max: number, requiredMessage: string, tooLong: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLong)
    .refine(isStorableText, 'Text may not contain NUL characters or broken Unicode.');

/** A link an owner may leave empty: '' and null both mean none. */
const OptionalUrl = (field: UrlField) =>
  z
    .string()
    .trim()
    .max(URL_MAX_LENGTH, `URLs must be at most ${URL_MAX_LENGTH} characters`)
    .refine(hasNoControlCharacters, urlControlCharacterMessage)
    .refine((value) => value === '' || isHttpUrl(value), urlMessage(urlFieldExamples[field]))
    .transform((value) => value || null)
    .nullable();

export const currentYear = () => new Date().getFullYear();

const OrganizationName = RequiredText(
  ORGANIZATION_NAME_MAX,
  organizationFormMessages.nameRequired,
  `Name must be at most ${ORGANIZATION_NAME_MAX} characters`,
);
const OrganizationDescription = RequiredText(
  ORGANIZATION_DESCRIPTION_MAX,
  organizationFormMessages.descriptionRequired,
  organizationFormMessages.descriptionTooLong,
);
const OrganizationCountry = z
  .string({ error: organizationFormMessages.countryRequired })
  .trim()
  .min(1, organizationFormMessages.countryRequired)
  .pipe(CountryCode);
const CategoryList = z
  .array(CategoryId)
  .max(MAX_CATEGORIES_PER_ORGANIZATION + 1, organizationFormMessages.tooManyCategories);

/** POST /api/organizations. createdBy and paymentStatus are the server's to set. */
export const CreateOrganizationRequest = z
  .object({
    name: OrganizationName,
    description: OrganizationDescription,
    country: OrganizationCountry,
    categoryIds: CategoryList,
  })
  .strict();
export type CreateOrganizationRequest = z.infer<typeof CreateOrganizationRequest>;

/**
 * PUT /api/organizations/{id}: the whole editable profile. `version` is the one the editor
 * loaded; a save made on an older version is refused with 409 instead of overwriting.
 */
export const UpdateOrganizationRequest = z
  .object({
    version: StoredInteger(1),
    name: OrganizationName,
    description: OrganizationDescription,
    country: OrganizationCountry,
    location: z
      .string()
      .trim()
      .max(
        ORGANIZATION_LOCATION_MAX,
        `Location must be at most ${ORGANIZATION_LOCATION_MAX} characters`,
      )
      .refine(isStorableText)
      .default(''),
    foundedYear: z
      .number()
      .int()
      .nullable()
      .refine((year) => year === null || (year >= FOUNDED_YEAR_MIN && year <= currentYear()), {
        error: () => organizationFormMessages.foundedYearRange(currentYear()),
      }),
    websiteUrl: OptionalUrl('websiteUrl'),
    linkedinUrl: OptionalUrl('linkedinUrl'),
    twitterUrl: OptionalUrl('twitterUrl'),
    blogUrl: OptionalUrl('blogUrl'),
    /**
     * Ways to support (ADR 042), added after the other links: a save that leaves one out keeps
     * the stored link, so clients written before them lose nothing.
     */
    donateUrl: OptionalUrl('donateUrl').optional(),
    volunteerUrl: OptionalUrl('volunteerUrl').optional(),
    categoryIds: CategoryList,
    /** Display order of the chosen categories: categoryId to position (0 first). */
    categoriesOrder: z.record(CategoryId, z.number().int().min(0).max(100)).default({}),
    /** The organization's own words about each chosen category. */
    categoriesDetails: z
      .record(
        CategoryId,
        z
          .string()
          .max(CATEGORY_DESCRIPTION_MAX, organizationFormMessages.categoryDescriptionTooLong)
          .refine(isStorableText),
      )
      .default({}),
  })
  .strict();
export type UpdateOrganizationRequest = z.infer<typeof UpdateOrganizationRequest>;
export type UpdateOrganizationInput = z.input<typeof UpdateOrganizationRequest>;

export interface CategoryRuleProblem {
  /** The message for the whole selection, naming what is wrong. */
  message: string;
  missingGroupIds: string[];
}

/**
 * The category rule of docs/product.md#organizations, the one place it lives: at least one category, at most
 * MAX_CATEGORIES_PER_ORGANIZATION (default_category not counted), at least one from each
 * group. Returns null when the selection may be saved.
 */
export function categorySelectionProblem(
  selectedIds: readonly string[],
  categories: readonly { id: string; groupId: string }[],
  groups: readonly { id: string; name: string }[],
): CategoryRuleProblem | null {
  const counted = selectedIds.filter((id) => id !== DEFAULT_CATEGORY_ID);
  if (counted.length === 0) {
    return { message: organizationFormMessages.categoryRequired, missingGroupIds: [] };
  }
  if (counted.length > MAX_CATEGORIES_PER_ORGANIZATION) {
    return { message: organizationFormMessages.tooManyCategories, missingGroupIds: [] };
  }
  const groupOf = new Map(categories.map((category) => [category.id, category.groupId]));
  const covered = new Set(counted.map((id) => groupOf.get(id)));
  const missing = groups.filter((group) => !covered.has(group.id));
  if (missing.length === 0) return null;
  return {
    message: organizationFormMessages.missingGroups(missing.map((group) => group.name)),
    missingGroupIds: missing.map((group) => group.id),
  };
}

/** Answers of the image calls (docs/product.md#the-api reads these names). */
export const LogoUploadResult = z.object({ logoUrl: z.string() });
export const BannerUploadResult = z.object({ bannerImageUrl: z.string() });
export const CategoryImageUploadResult = z.object({ categoryImageUrl: z.string() });
export const ImageDeleteResult = z.object({ deleted: z.literal(true) });
export const OrganizationDeleteResult = z.object({ deleted: z.literal(true) });
