import {
  COMPANY_PROPERTIES_GROUP_ID,
  DEFAULT_CATEGORY_ID,
  type Category,
  type Organization,
} from '@si/contracts';

export interface OrderedCategories {
  /** Categories with their own section, in the owner's order (categoriesOrder). */
  sections: Category[];
  /** Categories of the group company_properties. */
  properties: Category[];
}

/** Splits an organization's categories into titled sections and company properties. */
export function orderCategories(
  organization: Pick<Organization, 'categoryIds' | 'categoriesOrder'>,
  categoriesById: ReadonlyMap<string, Category>,
): OrderedCategories {
  const position = (id: string, index: number) =>
    organization.categoriesOrder[id] ?? 1_000_000 + index;
  const ordered = organization.categoryIds
    .map((id, index) => ({ id, rank: position(id, index) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ id }) => (id === DEFAULT_CATEGORY_ID ? undefined : categoriesById.get(id)))
    .filter((category): category is Category => category !== undefined);
  return {
    sections: ordered.filter((category) => category.groupId !== COMPANY_PROPERTIES_GROUP_ID),
    properties: ordered.filter((category) => category.groupId === COMPANY_PROPERTIES_GROUP_ID),
  };
}
