import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organization } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/organization-queries';

/** Which image of an organization: its logo, its banner or the image of one of its categories. */
export type ImageTarget =
  { kind: 'logo' } | { kind: 'banner' } | { kind: 'category'; categoryId: string };

function imagePath(organizationId: string, target: ImageTarget): string {
  const base = `/organizations/${encodeURIComponent(organizationId)}`;
  if (target.kind === 'category') {
    return `${base}/category/${encodeURIComponent(target.categoryId)}/image`;
  }
  return `${base}/${target.kind}`;
}

type UploadAnswer = { logoUrl?: string; bannerImageUrl?: string; categoryImageUrl?: string };

/** POST .../logo, .../banner or .../category/{id}/image (multipart field `image`): the new URL. */
export async function uploadImage(
  organizationId: string,
  target: ImageTarget,
  file: File,
): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const answer = await apiData<UploadAnswer>(imagePath(organizationId, target), {
    method: 'POST',
    body,
  });
  const url = answer.logoUrl ?? answer.bannerImageUrl ?? answer.categoryImageUrl;
  if (!url) throw new Error('The upload answered without an image URL');
  return url;
}

/** DELETE of the same paths: the image is removed. */
export function deleteImage(organizationId: string, target: ImageTarget): Promise<unknown> {
  return apiData(imagePath(organizationId, target), { method: 'DELETE' });
}

/** The organization as cached, with one of its images replaced (null: removed). */
function withImage(organization: Organization, target: ImageTarget, url: string | null) {
  if (target.kind === 'logo') return { ...organization, logo: url };
  if (target.kind === 'banner') return { ...organization, bannerImage: url };
  const categoryImages = { ...organization.categoryImages };
  if (url) categoryImages[target.categoryId] = url;
  else delete categoryImages[target.categoryId];
  return { ...organization, categoryImages };
}

/**
 * Upload and removal of an organization's images. Images do not move the organization's
 * version, so they never make the editor's own save stale; the cached profile follows them.
 */
export function useOrganizationImages(organizationId: string) {
  const queryClient = useQueryClient();
  const remember = (target: ImageTarget, url: string | null) => {
    queryClient.setQueryData<Organization>(organizationKeys.detail(organizationId), (cached) =>
      cached ? withImage(cached, target, url) : cached,
    );
    void queryClient.invalidateQueries({ queryKey: organizationKeys.lists });
  };
  const upload = useMutation({
    mutationFn: ({ target, file }: { target: ImageTarget; file: File }) =>
      uploadImage(organizationId, target, file),
    onSuccess: (url, { target }) => remember(target, url),
  });
  const remove = useMutation({
    mutationFn: (target: ImageTarget) => deleteImage(organizationId, target),
    onSuccess: (_answer, target) => remember(target, null),
  });
  return {
    upload: (target: ImageTarget, file: File) => upload.mutateAsync({ target, file }),
    remove: (target: ImageTarget) => remove.mutateAsync(target),
  };
}
