import {
  authErrorCodes,
  messageForAuthErrorCode,
  passwordMessages,
  sessionMessages,
  signInMessages,
} from '@si/contracts';

export interface TranslatedError {
  status: number;
  code: string;
  message: string;
}

/** better-auth's error codes, answered with the product's codes and the product's wording. */
const byAuthCode: Record<string, { status?: number; code: string; message: string }> = {
  USER_ALREADY_EXISTS: {
    status: 409,
    code: authErrorCodes.emailInUse,
    message: signInMessages.emailInUse,
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    status: 409,
    code: authErrorCodes.emailInUse,
    message: signInMessages.emailInUse,
  },
  INVALID_EMAIL_OR_PASSWORD: {
    status: 401,
    code: authErrorCodes.invalidCredentials,
    message: signInMessages.invalidCredentials,
  },
  INVALID_EMAIL: { code: authErrorCodes.invalidEmail, message: signInMessages.invalidEmail },
  PASSWORD_TOO_SHORT: { code: authErrorCodes.weakPassword, message: passwordMessages.tooShort },
  PASSWORD_TOO_LONG: {
    code: authErrorCodes.weakPassword,
    message: 'Password must be at most 128 characters',
  },
  INVALID_PASSWORD: { code: authErrorCodes.wrongPassword, message: signInMessages.wrongPassword },
  INVALID_TOKEN: {
    code: authErrorCodes.invalidResetToken,
    message: passwordMessages.resetLinkInvalid,
  },
  BANNED_USER: { code: authErrorCodes.userDisabled, message: signInMessages.userDisabled },
  UNAUTHORIZED: {
    status: 401,
    code: authErrorCodes.noUser,
    message: sessionMessages.loginRequired,
  },
  ANONYMOUS_USERS_CANNOT_SIGN_IN_AGAIN_ANONYMOUSLY: {
    code: 'ALREADY_GUEST',
    message: 'You are already browsing as a guest.',
  },
  EMAIL_PASSWORD_SIGN_UP_DISABLED: {
    code: authErrorCodes.operationNotAllowed,
    message: signInMessages.operationNotAllowed,
  },
};

export function translateAuthError(
  status: number,
  body: { code?: unknown; message?: unknown } | undefined,
  provider: string | undefined,
): TranslatedError {
  const code = typeof body?.code === 'string' ? body.code : '';
  const message = typeof body?.message === 'string' ? body.message : '';
  if (status === 429) {
    return {
      status,
      code: authErrorCodes.tooManyRequests,
      message: signInMessages.tooManyRequests,
    };
  }
  if (code === 'PROVIDER_NOT_FOUND' || /provider not found/i.test(message)) {
    return {
      status: 400,
      code: authErrorCodes.providerNotConfigured,
      message: messageForAuthErrorCode(authErrorCodes.providerNotConfigured, provider),
    };
  }
  const known = byAuthCode[code];
  if (known) return { status: known.status ?? status, ...known };
  if (status === 401) {
    return { status, code: authErrorCodes.noUser, message: sessionMessages.loginRequired };
  }
  return {
    status,
    code: code || (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST'),
    message: message || signInMessages.operationNotAllowed,
  };
}

/** Errors a social sign-in carries back in the `error` query of its redirect. */
const redirectErrorCodes: Record<string, string> = {
  account_not_linked: authErrorCodes.differentCredential,
  state_mismatch: authErrorCodes.cancelled,
  state_not_found: authErrorCodes.cancelled,
  please_restart_the_process: authErrorCodes.cancelled,
  invalid_callback_request: authErrorCodes.cancelled,
  banned: authErrorCodes.userDisabled,
};

/**
 * The product's code for a social sign-in's `?error=`. Declining at the provider reads as
 * The product's GitHub 'authorization was cancelled', and as 'sign-in window was closed' for Google.
 * A refusal because the email has a password account says so.
 */
export function translateRedirectError(
  error: string,
  context: { provider: string | undefined; emailHasPassword: boolean },
): string {
  const normalized = error.toLowerCase();
  if (normalized === 'access_denied') {
    return context.provider === 'google'
      ? authErrorCodes.popupClosed
      : authErrorCodes.userCancelled;
  }
  if (normalized === 'account_not_linked' && context.emailHasPassword) {
    return authErrorCodes.socialEmailHasPassword;
  }
  return redirectErrorCodes[normalized] ?? authErrorCodes.operationNotAllowed;
}
