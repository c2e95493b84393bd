import { OrganizationId, type MyOrganization, type Organization } from '@si/contracts';
import type { ReferenceService } from '../reference/service.ts';
import { createDirectoryListing } from './directory-listing.ts';
import { toOrganization } from './mapper.ts';
import { createMembers } from './members.ts';
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
   * one only for its members (`viewerId` is asked for only then, so public reads stay cheap).
   */
  async function getVisible(
    id: string,
    viewerId: () => Promise<string | null>,
  ): Promise<Organization> {
    const found = OrganizationId.safeParse(id).success ? await repository.findById(id) : null;
    if (!found) throw notFoundFor(id);
    if (!found.row.published) {
      const viewer = await viewerId();
      if (!viewer || !(await repository.roleOf(id, viewer))) throw notFoundFor(id);
    }
    return toOrganization(found.row, found.links);
  }

  return {
    ...createProfileEditing(repository, reference, owners, { removeImages, beforeDelete }),
    requireEditor: owners.requireEditor,
    ownerNotFound: notFoundFor,
    ...createDirectoryListing(repository, reference),
    getVisible,

    /** Its members: listed, their roles changed, removed or leaving, ownership handed over. */
    members: createMembers(repository, owners),

    /** A published organization: what anybody may see (the server's page heads). */
    getPublished: (id: string) => getVisible(id, async () => null),

    /** The organizations the caller is a member of, in every payment state, with their role. */
    async listMine(userId: string): Promise<MyOrganization[]> {
      const mine = await repository.findMemberOf(userId);
      return mine.map(({ row, links, myRole }) => ({ ...toOrganization(row, links), myRole }));
    },

    /** The caller's role in an organization, or null (after the caller checks). */
    roleOf: (organizationId: string, userId: string) => repository.roleOf(organizationId, userId),
  };
}
export type OrganizationService = ReturnType<typeof createOrganizationService>;
