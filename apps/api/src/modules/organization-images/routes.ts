import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BannerUploadResult,
  CategoryImageUploadResult,
  ErrorBody,
  IMAGE_MAX_PIXELS,
  ImageDeleteResult,
  LogoUploadResult,
  dataEnvelope,
  organizationImageKinds,
  type OrganizationImageKind,
} from '@si/contracts';
import { IMAGE_FIELD, imageErrorCodes, readImageUpload } from '../../adapters/images/upload.ts';
import { organizationEditors } from '../organizations/editors.ts';
import type { ImageTarget, OrganizationImageService } from './service.ts';

export interface OrganizationImageRoutesOptions {
  images: OrganizationImageService;
}

const errors = {
  400: ErrorBody,
  402: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  413: ErrorBody,
};

const OrganizationParams = z.object({ id: z.string().max(100) });
const CategoryParams = z.object({ id: z.string().max(100), categoryId: z.string().max(100) });

/**
 * The multipart body, for the OpenAPI document. The handler reads it as a stream; a multipart
 * request has no parsed body (null) to validate, so none is required here.
 */
const ImageUpload = z.preprocess(
  (body) => body ?? undefined,
  z
    .object({
      [IMAGE_FIELD]: z.string().meta({
        format: 'binary',
        description: 'JPEG, PNG or WebP (judged by its bytes), under 5 MB and 25 megapixels.',
      }),
    })
    .optional(),
);

const uploadDescription = (kind: OrganizationImageKind) => {
  const { widths } = organizationImageKinds[kind];
  return `multipart/form-data with the file in the field \`${IMAGE_FIELD}\`. The image is re-encoded as WebP (metadata removed) in widths ${widths.join(', ')}; the URL returned is the largest, named \`...-${Math.max(...widths)}w.webp\`, the others beside it. The image it replaces is removed. Refusals: 400 \`${imageErrorCodes.noFile}\`, \`${imageErrorCodes.unsupported}\` (not JPEG, PNG or WebP), \`${imageErrorCodes.tooManyPixels}\` (over ${IMAGE_MAX_PIXELS / 1_000_000} megapixels), \`${imageErrorCodes.unreadable}\` (damaged); 413 \`${imageErrorCodes.tooLarge}\` (5 MB or more).`;
};

/** The product's image calls: an organization's logo, banner and category images. */
export const organizationImageRoutes: FastifyPluginAsyncZod<
  OrganizationImageRoutesOptions
> = async (app, { images }) => {
  const upload = (request: FastifyRequest, organizationId: string, target: ImageTarget) =>
    images.upload(request.caller, organizationId, target, () => readImageUpload(request));
  const uploadSchema = (kind: OrganizationImageKind, summary: string) => ({
    tags: ['organizations'],
    summary,
    description: uploadDescription(kind),
    consumes: ['multipart/form-data'],
    body: ImageUpload,
  });
  const deleteSchema = (summary: string) => ({
    tags: ['organizations'],
    summary,
    response: { 200: dataEnvelope(ImageDeleteResult), ...errors },
  });

  app.post(
    '/organizations/:id/logo',
    {
      schema: {
        ...uploadSchema('logo', "Uploads the organization's logo (square)"),
        params: OrganizationParams,
        response: { 200: dataEnvelope(LogoUploadResult), ...errors },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const logoUrl = await upload(request, request.params.id, { kind: 'logo' });
      return { data: { logoUrl } };
    },
  );

  app.delete(
    '/organizations/:id/logo',
    {
      schema: {
        ...deleteSchema("Removes the organization's logo"),
        params: OrganizationParams,
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      await images.remove(request.caller, request.params.id, { kind: 'logo' });
      return { data: { deleted: true as const } };
    },
  );

  app.post(
    '/organizations/:id/banner',
    {
      schema: {
        ...uploadSchema('banner', "Uploads the organization's banner image (1280x360)"),
        params: OrganizationParams,
        response: { 200: dataEnvelope(BannerUploadResult), ...errors },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const bannerImageUrl = await upload(request, request.params.id, { kind: 'banner' });
      return { data: { bannerImageUrl } };
    },
  );

  app.delete(
    '/organizations/:id/banner',
    {
      schema: {
        ...deleteSchema("Removes the organization's banner image"),
        params: OrganizationParams,
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      await images.remove(request.caller, request.params.id, { kind: 'banner' });
      return { data: { deleted: true as const } };
    },
  );

  app.post(
    '/organizations/:id/category/:categoryId/image',
    {
      schema: {
        ...uploadSchema(
          'category',
          "Uploads the image of one of the organization's categories (16:9)",
        ),
        params: CategoryParams,
        response: { 200: dataEnvelope(CategoryImageUploadResult), ...errors },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const { id, categoryId } = request.params;
      const categoryImageUrl = await upload(request, id, { kind: 'category', categoryId });
      return { data: { categoryImageUrl } };
    },
  );

  app.delete(
    '/organizations/:id/category/:categoryId/image',
    {
      schema: {
        ...deleteSchema("Removes the image of one of the organization's categories"),
        params: CategoryParams,
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const { id, categoryId } = request.params;
      await images.remove(request.caller, id, { kind: 'category', categoryId });
      return { data: { deleted: true as const } };
    },
  );
};
