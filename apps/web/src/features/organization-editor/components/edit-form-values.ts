import {
  DEFAULT_CATEGORY_ID,
  type Organization,
  type UpdateOrganizationRequest,
} from '@si/contracts';
import type { EditFormInput, EditFormOutput } from './form-rules';

/*
 * The editor's values both ways: the stored organization as the form's fields, and the form's
 * output as the update the server is sent.
 */

/** The organization's categories in its profile order (default_category left out). */
function orderedCategoryIds(
  organization: Pick<Organization, 'categoryIds' | 'categoriesOrder'>,
): string[] {
  return organization.categoryIds
    .map((id, index) => ({ id, rank: organization.categoriesOrder[id] ?? 1_000_000 + index }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ id }) => id)
    .filter((id) => id !== DEFAULT_CATEGORY_ID);
}

export function editFormValues(organization: Organization): EditFormInput {
  return {
    name: organization.name,
    description: organization.description,
    country: organization.country,
    location: organization.location,
    foundedYear: organization.foundedYear === null ? '' : String(organization.foundedYear),
    websiteUrl: organization.websiteUrl ?? '',
    linkedinUrl: organization.linkedinUrl ?? '',
    twitterUrl: organization.twitterUrl ?? '',
    blogUrl: organization.blogUrl ?? '',
    donateUrl: organization.donateUrl ?? '',
    volunteerUrl: organization.volunteerUrl ?? '',
    categoryIds: orderedCategoryIds(organization),
    categoriesDetails: { ...organization.categoriesDetails },
  };
}

/** The details of the chosen categories only: those of unticked ones are neither checked nor sent. */
export function chosenDetails(
  details: Record<string, string> | undefined,
  chosen: readonly string[],
) {
  return Object.fromEntries(
    chosen.flatMap((id) => (details?.[id] === undefined ? [] : [[id, details[id]]])),
  );
}

/**
 * The update a save sends: made on the version the form was filled from, the categories in the
 * order chosen (default_category kept when the organization had it), their words trimmed.
 */
export function updateRequest(
  values: EditFormOutput,
  version: number,
  hadDefaultCategory: boolean,
): UpdateOrganizationRequest {
  const chosen = values.categoryIds;
  return {
    ...values,
    version,
    categoryIds: hadDefaultCategory ? [...chosen, DEFAULT_CATEGORY_ID] : chosen,
    categoriesOrder: Object.fromEntries(chosen.map((id, index) => [id, index])),
    categoriesDetails: Object.fromEntries(
      chosen
        .filter((id) => values.categoriesDetails[id] !== undefined)
        .map((id) => [id, values.categoriesDetails[id]!.trim()]),
    ),
  };
}
