import {
  categorySelectionProblem,
  CreateOrganizationRequest,
  currentYear,
  IMAGE_MAX_BYTES,
  imageMessages,
  imageTypes,
  organizationFormMessages,
  UpdateOrganizationRequest,
  type Category,
  type CategoryGroup,
} from '@si/contracts';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * docs/product.md#what-the-forms-check: on leaving a URL field, 'https://' goes in front of an address written
 * without a scheme ('example.org' -> 'https://example.org'). A host with a port
 * ('example.org:8080') has no scheme either; 'mailto:x' keeps its own and is refused later.
 */
export function withHttps(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z\d+.-]*:(?!\d)/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/** The image rules checked before an upload; the server checks the bytes again. */
export function imageFileProblem(file: File | null | undefined): string | null {
  if (!file) return imageMessages.noFile;
  if (!(imageTypes as readonly string[]).includes(file.type)) return imageMessages.wrongType;
  if (file.size >= IMAGE_MAX_BYTES) return imageMessages.tooLarge;
  return null;
}

/** The create form: CreateOrganizationRequest itself (whitespace alone counts as empty). */
export const CreateForm = CreateOrganizationRequest;
export type CreateFormInput = z.input<typeof CreateForm>;
export type CreateFormOutput = z.output<typeof CreateForm>;

/** A year typed in the form: empty is none; anything but a whole year is out of range. */
const YearText = z
  .string()
  .trim()
  .transform((text, context) => {
    if (text === '') return null;
    const year = Number(text);
    if (!Number.isInteger(year)) {
      context.addIssue({
        code: 'custom',
        message: organizationFormMessages.foundedYearRange(currentYear()),
      });
      return z.NEVER;
    }
    return year;
  })
  .pipe(UpdateOrganizationRequest.shape.foundedYear);

/**
 * The editor's form: UpdateOrganizationRequest with the year as typed. `version` and
 * `categoriesOrder` are the editor's to add: the order is the order of `categoryIds`.
 */
export const EditForm = UpdateOrganizationRequest.omit({
  version: true,
  categoriesOrder: true,
}).extend({ foundedYear: YearText });
export type EditFormInput = z.input<typeof EditForm>;
export type EditFormOutput = z.output<typeof EditForm>;

/**
 * A form's schema resolver joined by the contracts' category rule, as an error on `categoryIds`:
 * a failed submit then focuses the first field refused by either. `checked` picks what the
 * schema checks (the editor leaves out the words of unticked categories).
 */
export function withCategoryRule<Input extends FieldValues & { categoryIds: string[] }, Output>(
  schemaResolver: Resolver<Input, unknown, Output>,
  categories: readonly Category[],
  groups: readonly CategoryGroup[],
  checked: (values: Input) => Input = (values) => values,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const result = await schemaResolver(checked(values), context, options);
    const problem = categorySelectionProblem(values.categoryIds, categories, groups);
    if (!problem) return result;
    const rule = { type: 'categories', message: problem.message };
    // Every form with this rule has `categoryIds`; the generic Input cannot say so to FieldErrors.
    const errors = { ...result.errors, categoryIds: rule } as FieldErrors<Input>;
    return { values: {}, errors };
  };
}
