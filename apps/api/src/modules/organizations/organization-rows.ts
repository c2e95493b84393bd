import { getTableColumns } from 'drizzle-orm';
import { organizations, type organizationCategories } from '../../db/schema.ts';

/**
 * An organization as it is read: every column but the search vector, which only the directory
 * index reads (as lexemes) and which is the largest value of the row.
 */
export type OrganizationRow = Omit<typeof organizations.$inferSelect, 'search'>;
const { search: _search, ...columns } = getTableColumns(organizations);
/** The columns of an OrganizationRow, to select. */
export const organizationColumns = columns;
export type OrganizationCategoryRow = typeof organizationCategories.$inferSelect;

/** A chosen category as stored: its place in the profile and the owner's words about it. */
export interface CategoryChoice {
  categoryId: string;
  sortOrder: number;
  detail: string | null;
}

export interface NewOrganization {
  name: string;
  description: string;
  country: string;
  createdBy: string;
  categories: CategoryChoice[];
}

export interface OrganizationChanges {
  name: string;
  description: string;
  country: string;
  location: string;
  foundedYear: number | null;
  websiteUrl: string | null;
  linkedinUrl: string | null;
  twitterUrl: string | null;
  blogUrl: string | null;
  /** Left out (undefined): the stored link stays, as Drizzle sets no undefined column. */
  donateUrl?: string | null;
  volunteerUrl?: string | null;
  categories: CategoryChoice[];
}

export type ImageTarget =
  { kind: 'logo' } | { kind: 'banner' } | { kind: 'category'; categoryId: string };
