/** The API's error codes (`error.code`), apart from schemas so any page may name one. */
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
  /** The operator console needs a sign-in from the last 12 hours (ADR 028). */
  signInAgain: 'SIGN_IN_AGAIN',
} as const;

/** The payments API's own codes. */
export const paymentErrorCodes = {
  paymentRequired: 'PAYMENT_REQUIRED',
  alreadySubscribed: 'ALREADY_SUBSCRIBED',
  invalidGuestCode: 'INVALID_GUEST_CODE',
  providerUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  invalidSignature: 'INVALID_SIGNATURE',
  conflict: 'SUBSCRIPTION_STATE',
} as const;
