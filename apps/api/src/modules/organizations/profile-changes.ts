import { profileFieldNames, type ProfileFieldName } from '@si/contracts';
import type { CategoryChoice, OrganizationChanges } from './organization-rows.ts';

type StoredProfile = Record<Exclude<ProfileFieldName, 'categories'>, unknown>;

/** A category choice as it reads on the profile: its place, its id, its detail. */
const categoryKey = (choices: Pick<CategoryChoice, 'categoryId' | 'sortOrder' | 'detail'>[]) =>
  JSON.stringify(
    [...choices]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((choice) => [choice.categoryId, choice.detail ?? null]),
  );

/**
 * The profile's fields a save changes, by name (ADR 048: the activity says which, never what
 * they held). A field the save leaves out (undefined) keeps its value, so it is not changed.
 */
export function changedFields(
  before: StoredProfile,
  beforeCategories: Pick<CategoryChoice, 'categoryId' | 'sortOrder' | 'detail'>[],
  save: OrganizationChanges,
): ProfileFieldName[] {
  return profileFieldNames.filter((field) => {
    if (field === 'categories')
      return categoryKey(beforeCategories) !== categoryKey(save.categories);
    const value = save[field];
    return value !== undefined && value !== before[field];
  });
}
