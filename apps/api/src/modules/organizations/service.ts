import { OrganizationId, type Organization } from '@si/contracts';
import type { ReferenceService } from '../reference/service.ts';
import { createDirectoryListing } from './directory-listing.ts';
import { toOrganization } from './mapper.ts';
import { createOwnerChecks } from './owner-checks.ts';
import { createProfileEditing, type ProfileEditingOptions } from './profile-editing.ts';
import type { OrganizationRepository } from './repository.ts';

export type { DirectoryPage } from './directory-listing.ts';

export type OrganizationServiceOptions = Partial<ProfileEditingOptions>;

/** The organizations' use cases (the files imported above), and the reads of one profile. */
export function createOrganizationService(
  repository: OrganizationRepository,
  reference: ReferenceService,
  { removeImages = async () => {}, beforeDelete = async () => {} }: OrganizationServiceOptions = {},
) {
  const owners = createOwnerChecks(repository);
  const { notFoundFor } = owners;

  /**
   * An organization as the caller may see it: published ones for everybody, an unpublished
   * one only for its owner (`viewerId` is asked for only then, so public reads stay cheap).
   */
  async function getVisible(
    id: string,
    viewerId: () => Promise<string | null>,
  ): Promise<Organization> {
    const found = OrganizationId.safeParse(id).success ? await repository.findById(id) : null;
    if (!found) throw notFoundFor(id);
    if (!found.row.published && found.row.createdBy !== (await viewerId())) {
      throw notFoundFor(id);
    }
    return toOrganization(found.row, found.links);
  }

  return {
    ...createProfileEditing(repository, reference, owners, { removeImages, beforeDelete }),
    requireEditor: owners.requireEditor,
    ownerNotFound: notFoundFor,
    ...createDirectoryListing(repository, reference),
    getVisible,

    /** A published organization: what anybody may see (the server's page heads). */
    getPublished: (id: string) => getVisible(id, async () => null),

    /** The caller's own organizations in every payment state (the dashboard's lists). */
    async listOwned(userId: string): Promise<Organization[]> {
      const owned = await repository.findOwnedBy(userId);
      return owned.map(({ row, links }) => toOrganization(row, links));
    },
  };
}
export type OrganizationService = ReturnType<typeof createOrganizationService>;
