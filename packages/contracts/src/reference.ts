import { z } from 'zod';

export const categoryGroupIds = [
  'impact_areas',
  'work_methods',
  'differentiators',
  'culture',
  'company_properties',
  'approach',
  'how_we_scale_change',
] as const;
export const CategoryGroupId = z.enum(categoryGroupIds);
export type CategoryGroupId = z.infer<typeof CategoryGroupId>;

export const CategoryGroup = z.object({
  id: CategoryGroupId,
  name: z.string(),
  emoji: z.string(),
  sortOrder: z.number().int(),
});
export type CategoryGroup = z.infer<typeof CategoryGroup>;

/** Category ids are lowercase snake_case slugs, for example `climate_action`. */
export const CategoryId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_]+$/, 'Category ids are lowercase letters, digits and underscores');

export const Category = z.object({
  id: CategoryId,
  name: z.string(),
  description: z.string(),
  emoji: z.string(),
  groupId: CategoryGroupId,
  sortOrder: z.number().int(),
});
export type Category = z.infer<typeof Category>;

/** ISO 3166-1 alpha-2 code, or ALL for organizations that work in every country. */
export const CountryCode = z
  .string()
  .regex(/^(?:[A-Z]{2}|ALL)$/, 'Country codes are ISO 3166-1 alpha-2, or ALL');

export const Country = z.object({
  code: CountryCode,
  name: z.string(),
  flagEmoji: z.string(),
});
export type Country = z.infer<typeof Country>;
