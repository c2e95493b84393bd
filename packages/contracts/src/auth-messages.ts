/**
 * docs/product.md#texts-that-are-part-of-the-contract messages for sign-in, session, password, profile, account deletion and
 * email verification. The API answers with these texts; the web app shows them.
 */

/** Error codes the identity API answers with, each mapped to its docs/product.md#texts-that-are-part-of-the-contract message below. */
export const authErrorCodes = {
  emailInUse: 'EMAIL_IN_USE',
  invalidCredentials: 'INVALID_CREDENTIALS',
  wrongPassword: 'WRONG_PASSWORD',
  differentCredential: 'ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL',
  socialEmailHasPassword: 'SOCIAL_EMAIL_HAS_PASSWORD',
  popupClosed: 'POPUP_CLOSED',
  cancelled: 'SIGN_IN_INTERRUPTED',
  operationNotAllowed: 'OPERATION_NOT_ALLOWED',
  providerNotConfigured: 'PROVIDER_NOT_CONFIGURED',
  userCancelled: 'USER_CANCELLED',
  tooManyRequests: 'RATE_LIMITED',
  userDisabled: 'USER_DISABLED',
  invalidEmail: 'INVALID_EMAIL',
  weakPassword: 'WEAK_PASSWORD',
  invalidVerification: 'INVALID_VERIFICATION',
  notAnonymous: 'USER_NOT_ANONYMOUS',
  noUser: 'UNAUTHENTICATED',
  alreadyVerified: 'EMAIL_ALREADY_VERIFIED',
  invalidResetToken: 'INVALID_RESET_TOKEN',
  confirmationRequired: 'CONFIRMATION_REQUIRED',
  passwordRequired: 'PASSWORD_REQUIRED',
  reauthenticationRequired: 'REAUTHENTICATION_REQUIRED',
  unsupportedProvider: 'UNSUPPORTED_PROVIDER',
} as const;

export const signInMessages = {
  emailInUse:
    "This email is already registered. Please sign in with your password or use the 'Forgot Password' option.",
  invalidCredentials:
    "The email or password you entered is incorrect. Please try again or use the 'Forgot Password' option.",
  wrongPassword: "Incorrect password. Please try again or use the 'Forgot Password' option.",
  differentCredential:
    'This email is already used with a different sign-in method. Please use your original sign-in method.',
  socialEmailHasPassword:
    "This email is already registered with a password. Please sign in with your password or use the 'Forgot Password' option if you don't remember it.",
  popupClosed: 'Sign-in window was closed before completion. Please try again.',
  cancelled: 'Sign-in process was interrupted. Please try again.',
  operationNotAllowed: 'This sign-in method is temporarily unavailable. Please try another method.',
  providerNotConfigured: (providerName: string) =>
    `${providerName} authentication is not properly configured. Please contact support.`,
  userCancelled: (providerName: string) =>
    `${providerName} authorization was cancelled. Please try again.`,
  webStorageUnsupported:
    'Your browser is blocking cookies. Please enable cookies for this site to sign in.',
  tooManyRequests:
    'Access temporarily blocked due to too many failed attempts. Please try again later.',
  userDisabled: 'This account has been disabled. Please contact support.',
  invalidEmail: 'Please enter a valid email address.',
  notAnonymous: 'User is not anonymous',
  noUser: 'No user signed in',
  syncFailed: (reason: string) => `Failed to create user record in database: ${reason}`,
} as const;

export const sessionMessages = {
  expired: 'Your session has expired. Please log in again.',
  loginRequired: 'You need to be logged in to perform this action.',
} as const;

export const passwordMessages = {
  resetFailed: (reason: string) => `Failed to reset password: ${reason}`,
  resetSent: 'Check your email for password reset instructions',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetDone: 'Your password has been reset. Please sign in with your new password.',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  passwordUpdateFailed: 'Failed to update password. Please try again.',
  mismatch: 'New passwords do not match',
  tooShort: 'Password must be at least 6 characters',
  unavailable:
    'Password management is unavailable because you sign in with {provider}. Manage your password with that provider.',
} as const;

export const accountDeletionMessages = {
  wrongPassword:
    'Incorrect password. Please enter your current password to confirm account deletion.',
  reauthCancelled:
    'Authentication cancelled. Please try again and complete the authentication process.',
  notFound:
    'Your account data was not found on the server. Try signing out and back in, then try again.',
  /** Deletion's own fallback: a failure whose answer carries no message (docs/product.md#texts-that-are-part-of-the-contract). */
  failed: 'Failed to delete account. Please try again later.',
  deleted: 'Your account has been successfully deleted',
  typeDelete: 'Please type DELETE to confirm',
  passwordRequired: 'Password required for email/password accounts',
  unsupportedProvider: (provider: string) => `Unsupported authentication provider: ${provider}`,
  reauthRequired: (providerName: string) =>
    `Please sign in with ${providerName} again to confirm account deletion.`,
} as const;

export const verificationMessages = {
  mustBeLoggedIn: 'You must be logged in to request a verification email.',
  /** Resend's own fallback: a failure whose answer carries no message (docs/product.md#texts-that-are-part-of-the-contract). */
  resendFailed: 'Failed to send verification email. Please try again later.',
  resent: 'Verification email sent. Please check your inbox.',
  alreadyVerified: 'Your email address is already verified.',
  /** An answer with success false and no message (docs/product.md#texts-that-are-part-of-the-contract). */
  verifyFailed: 'Failed to verify email. Please try again later.',
  /** Verify's fallback for a failed request without a message (network or server error). */
  linkInvalid:
    'Verification failed. The link may be expired or invalid. Please request a new verification email.',
  missingInformation:
    'Missing verification information. Please check your email link and try again.',
  verified: 'Your email address has been verified.',
  required: 'Please verify your email address to continue.',
} as const;

/** Redirect messages of docs/product.md#route-access and the protected screens. */
export const guardMessages = {
  loading: 'Loading...',
  signInForFeature: 'Please sign in to access this feature',
  permanentAccountForFeature: 'Please sign in with a permanent account to access this feature',
  permanentAccountToCreate: 'Please sign in with a permanent account to create organizations',
  signInToEdit: 'Please sign in to edit organizations',
  signInToContinue: 'Please sign in to continue',
} as const;

export const providerNames = { google: 'Google', github: 'GitHub', password: 'Email' } as const;

const providerName = (provider: string | undefined) =>
  provider === 'google' || provider === 'github' ? providerNames[provider] : 'This provider';

/**
 * The message for an identity error code, for codes that reach the browser without a message:
 * the `?error=` of a social sign-in that came back with an error.
 */
export function messageForAuthErrorCode(code: string, provider?: string): string {
  switch (code) {
    case authErrorCodes.emailInUse:
      return signInMessages.emailInUse;
    case authErrorCodes.invalidCredentials:
      return signInMessages.invalidCredentials;
    case authErrorCodes.differentCredential:
      return signInMessages.differentCredential;
    case authErrorCodes.socialEmailHasPassword:
      return signInMessages.socialEmailHasPassword;
    case authErrorCodes.popupClosed:
      return signInMessages.popupClosed;
    case authErrorCodes.cancelled:
      return signInMessages.cancelled;
    case authErrorCodes.providerNotConfigured:
      return signInMessages.providerNotConfigured(providerName(provider));
    case authErrorCodes.userCancelled:
      return signInMessages.userCancelled(providerName(provider));
    case authErrorCodes.tooManyRequests:
      return signInMessages.tooManyRequests;
    case authErrorCodes.userDisabled:
      return signInMessages.userDisabled;
    default:
      return signInMessages.operationNotAllowed;
  }
}
