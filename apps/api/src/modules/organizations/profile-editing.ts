import {
  ALL_COUNTRIES_CODE,
  DEFAULT_CATEGORY_ID,
  apiMessages,
  categorySelectionProblem,
  errorCodes,
  organizationFormMessages,
  type CreateOrganizationRequest,
  type MemberCapability,
  type UpdateOrganizationRequest,
} from '@si/contracts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import { actorOf } from '../activity/recording.ts';
import type { ReferenceService } from '../reference/service.ts';
import { toOrganization } from './mapper.ts';
import type { CategoryChoice, ImageTarget, OrganizationRow } from './organization-rows.ts';
import type { OwnerChecks } from './owner-checks.ts';
import type { OrganizationRepository } from './repository.ts';

export interface ProfileEditingOptions {
  /** Removes stored images (every size) once the rows that used them are gone. */
  removeImages: (urls: string[]) => Promise<void>;
  /**
   * Runs before an organization is deleted: its subscriptions are canceled at the payment
   * provider first, and a failure there stops the deletion.
   */
  beforeDelete: (organizationId: string) => Promise<void>;
}

/** An organization created, saved, deleted (by its owner or an operator) and its images set. */
export function createProfileEditing(
  repository: OrganizationRepository,
  reference: ReferenceService,
  { requireEditor, notFoundFor, requireMember, requirePaidMember }: OwnerChecks,
  { removeImages, beforeDelete }: ProfileEditingOptions,
) {
  /**
   * The chosen categories as stored, in the order given (or by `order`), after the rule of
   * docs/product.md#organizations: known ids, at least one, at most seven, one from each group.
   */
  async function categoryChoices(
    ids: string[],
    order: Record<string, number> = {},
    details: Record<string, string> = {},
  ): Promise<CategoryChoice[]> {
    const snapshot = await reference.snapshot();
    const chosen = [...new Set(ids)].filter((id) => id !== DEFAULT_CATEGORY_ID);
    const unknown = chosen.filter((id) => !snapshot.categoryById.has(id));
    if (unknown.length > 0) {
      const message = organizationFormMessages.unknownCategories(unknown);
      throw badRequest(message, { categoryIds: message });
    }
    const problem = categorySelectionProblem(chosen, snapshot.categories, snapshot.groups);
    if (problem) throw badRequest(problem.message, { categoryIds: problem.message });
    const position = (id: string) => order[id] ?? Number.MAX_SAFE_INTEGER;
    return chosen
      .map((categoryId, index) => ({ categoryId, index }))
      .sort((a, b) => position(a.categoryId) - position(b.categoryId) || a.index - b.index)
      .map(({ categoryId }, sortOrder) => ({
        categoryId,
        sortOrder,
        detail: details[categoryId]?.trim() || null,
      }));
  }

  async function requireKnownCountry(country: string) {
    if (country === ALL_COUNTRIES_CODE) return;
    if (!(await reference.snapshot()).countryByCode.has(country)) {
      throw badRequest(apiMessages.unknownCountry(country), {
        country: apiMessages.unknownCountry(country),
      });
    }
  }

  return {
    async create(session: AuthSession | null, input: CreateOrganizationRequest) {
      const user = requireEditor(session);
      await requireKnownCountry(input.country);
      const categories = await categoryChoices(input.categoryIds);
      const created = await repository.create({
        name: input.name,
        description: input.description,
        country: input.country,
        createdBy: user.id,
        categories,
      });
      return toOrganization(created.row, created.links);
    },

    async update(session: AuthSession | null, id: string, input: UpdateOrganizationRequest) {
      await requirePaidMember(session, id, 'edit');
      await requireKnownCountry(input.country);
      const { version, categoryIds, categoriesOrder, categoriesDetails, ...fields } = input;
      const categories = await categoryChoices(categoryIds, categoriesOrder, categoriesDetails);
      const saved = await repository.update(
        id,
        version,
        { ...fields, categories },
        actorOf(session!),
      );
      if (!saved) {
        if (!(await repository.findById(id))) throw notFoundFor(id);
        throw new AppError(409, errorCodes.staleVersion, organizationFormMessages.staleVersion);
      }
      await removeImages(saved.droppedImageUrls);
      return toOrganization(saved.row, saved.links);
    },

    async delete(session: AuthSession | null, id: string) {
      await requireMember(session, id, 'delete');
      await beforeDelete(id);
      const imageUrls = await repository.delete(id);
      if (!imageUrls) throw notFoundFor(id);
      await removeImages(imageUrls);
    },

    /**
     * Deletes an organization as its owner's deletion does (subscriptions canceled, images
     * removed), for an operator: the operators service has authorized and recorded it. False
     * when it is already gone.
     */
    async deleteForOperator(id: string): Promise<boolean> {
      await beforeDelete(id);
      const imageUrls = await repository.delete(id);
      if (!imageUrls) return false;
      await removeImages(imageUrls);
      return true;
    },

    /** The organization's row, if the caller's role in it may do `capability` (else 401/403/404). */
    requireMemberOrganization: async (
      session: AuthSession | null,
      id: string,
      capability: MemberCapability,
    ): Promise<OrganizationRow> => (await requireMember(session, id, capability)).row,

    /** As above, and paid for (else 402): the profile's own parts (images, roles, milestones). */
    requirePaidOrganization: async (
      session: AuthSession | null,
      id: string,
      capability: MemberCapability,
    ): Promise<OrganizationRow> => (await requirePaidMember(session, id, capability)).row,

    requireEditor,

    ownerNotFound: notFoundFor,

    /**
     * Points one image of the organization at `url`, recorded as `session`'s; the image calls
     * authorize first.
     */
    async setImage(session: AuthSession, id: string, target: ImageTarget, url: string | null) {
      const result = await repository.setImage(id, target, url, actorOf(session));
      if (!result) {
        throw target.kind === 'category'
          ? notFound(organizationFormMessages.categoryNotChosen)
          : notFoundFor(id);
      }
      return result;
    },
  };
}
