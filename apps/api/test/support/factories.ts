import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.ts';
import { organizationCategories, organizationMembers, organizations } from '../../src/db/schema.ts';

export interface OrganizationInput {
  name?: string;
  description?: string;
  country?: string;
  location?: string;
  categoryIds?: string[];
  categoriesDetails?: Record<string, string>;
  published?: boolean;
  /** Defaults to paid when published, pending when not. */
  paymentStatus?: 'pending' | 'paid';
  foundedYear?: number | null;
  websiteUrl?: string | null;
  linkedinUrl?: string | null;
  logo?: string | null;
  bannerImage?: string | null;
  createdBy?: string;
}

let sequence = 0;

/** Inserts an organization with its category links and its creator as owner, as the product's own writes do. */
export async function createOrganization(db: Database, input: OrganizationInput = {}) {
  sequence += 1;
  const id = randomUUID();
  const categoryIds = input.categoryIds ?? ['climate_action', 'nonprofit'];
  await db.transaction(async (tx) => {
    await tx.insert(organizations).values({
      id,
      name: input.name ?? `Test Organization ${sequence}`,
      description: input.description ?? 'A test organization that does good work.',
      country: input.country ?? 'KE',
      location: input.location ?? 'Nairobi',
      foundedYear: input.foundedYear === undefined ? 2010 : input.foundedYear,
      websiteUrl: input.websiteUrl ?? null,
      linkedinUrl: input.linkedinUrl ?? null,
      logo: input.logo ?? null,
      bannerImage: input.bannerImage ?? null,
      createdBy: input.createdBy ?? 'owner-1',
      paymentStatus: input.paymentStatus ?? (input.published === false ? 'pending' : 'paid'),
      subscriptionType: input.published === false ? null : 'monthly',
      published: input.published ?? true,
      categoryIds,
    });
    await tx
      .insert(organizationMembers)
      .values({ organizationId: id, userId: input.createdBy ?? 'owner-1', role: 'owner' });
    if (categoryIds.length > 0) {
      await tx.insert(organizationCategories).values(
        categoryIds.map((categoryId, sortOrder) => ({
          organizationId: id,
          categoryId,
          sortOrder,
          detail: input.categoriesDetails?.[categoryId] ?? null,
        })),
      );
    }
  });
  return id;
}
