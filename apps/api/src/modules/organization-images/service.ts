import type { FastifyBaseLogger } from 'fastify';
import type { AuthSession } from '../../identity/session.ts';
import { encodeVariants, imageKeyPrefix, storeVariants } from '../../adapters/images/variants.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { OrganizationService } from '../organizations/service.ts';

/** Which image of an organization a call is about: logo, banner or one category's image. */
export type ImageTarget = Parameters<OrganizationService['setImage']>[2];

export interface OrganizationImageServiceOptions {
  /** Ownership checks and the one write of an image's URL are the organization service's. */
  organizations: Pick<OrganizationService, 'requirePaidOrganization' | 'setImage'>;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Uploading and removing an organization's logo, banner and category images. The caller must
 * own the organization (checked before the upload is read). Files are written before the
 * database points at them and removed after it no longer does, so a row never names a missing
 * file; a failed write of the row removes the files just written.
 */
export function createOrganizationImageService({
  organizations,
  storage,
  log,
}: OrganizationImageServiceOptions) {
  /** Files no row points at any more: a failure to remove them is logged, not the caller's. */
  async function discard(urls: string[], reason: string) {
    try {
      await storage.removeImages(urls);
    } catch (error) {
      log.warn({ err: error, urls }, reason);
    }
  }

  return {
    /** Stores the image `readUpload` yields and returns its URL (the largest width). */
    async upload(
      session: AuthSession | null,
      organizationId: string,
      target: ImageTarget,
      readUpload: () => Promise<{ bytes: Buffer }>,
    ): Promise<string> {
      const organization = await organizations.requirePaidOrganization(
        session,
        organizationId,
        'edit',
      );
      const { bytes } = await readUpload();
      const variants = await encodeVariants(bytes, target.kind);
      const url = await storeVariants(
        storage,
        imageKeyPrefix(organization.id, target.kind),
        variants,
      );
      let previousUrl: string | null;
      try {
        ({ previousUrl } = await organizations.setImage(session!, organization.id, target, url));
      } catch (error) {
        await discard([url], 'could not remove the files of an upload that was not saved');
        throw error;
      }
      if (previousUrl && previousUrl !== url) {
        await discard([previousUrl], 'could not remove the files of a replaced image');
      }
      return url;
    },

    async remove(session: AuthSession | null, organizationId: string, target: ImageTarget) {
      const organization = await organizations.requirePaidOrganization(
        session,
        organizationId,
        'edit',
      );
      const { previousUrl } = await organizations.setImage(session!, organization.id, target, null);
      if (previousUrl)
        await discard([previousUrl], 'could not remove the files of a removed image');
    },
  };
}
export type OrganizationImageService = ReturnType<typeof createOrganizationImageService>;
