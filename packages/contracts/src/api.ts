import { z } from 'zod';

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });
export const listEnvelope = <T extends z.ZodType, M extends z.ZodType>(item: T, meta: M) =>
  z.object({ data: z.array(item), meta });

export const errorCodes = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  crossSite: 'CROSS_SITE_REQUEST',
  forbidden: 'FORBIDDEN',
  staleVersion: 'STALE_VERSION',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;
