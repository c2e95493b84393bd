import type { Organization } from '@si/contracts';
import type { OrganizationCategoryRow, OrganizationRow } from './organization-rows.ts';

/** Database rows to the public shape of docs/product.md#what-the-product-stores. */
export function toOrganization(
  row: OrganizationRow,
  links: OrganizationCategoryRow[],
): Organization {
  const ordered = [...links].sort((a, b) => a.sortOrder - b.sortOrder);
  const categoriesOrder: Record<string, number> = {};
  const categoriesDetails: Record<string, string> = {};
  const categoryImages: Record<string, string> = {};
  for (const link of ordered) {
    categoriesOrder[link.categoryId] = link.sortOrder;
    if (link.detail) categoriesDetails[link.categoryId] = link.detail;
    if (link.imageUrl) categoryImages[link.categoryId] = link.imageUrl;
  }
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logo: row.logo,
    bannerImage: row.bannerImage,
    categoryIds: ordered.map((link) => link.categoryId),
    categoriesOrder,
    categoriesDetails,
    categoryImages,
    country: row.country,
    location: row.location,
    foundedYear: row.foundedYear,
    websiteUrl: row.websiteUrl,
    linkedinUrl: row.linkedinUrl,
    twitterUrl: row.twitterUrl,
    blogUrl: row.blogUrl,
    donateUrl: row.donateUrl,
    volunteerUrl: row.volunteerUrl,
    createdBy: row.createdBy,
    paymentStatus: row.paymentStatus,
    subscriptionType: row.subscriptionType,
    published: row.published,
    verification:
      row.verifiedDomain && row.verifiedAt
        ? { domain: row.verifiedDomain, verifiedAt: row.verifiedAt.toISOString() }
        : null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
