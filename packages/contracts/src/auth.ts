import { z } from 'zod';

/** docs/product.md#limits-and-constants: "Password at least 6 characters". */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 80;

/** Sign-in methods the product supports; the first one decides password management. */
export const AuthProviderId = z.enum(['password', 'google', 'github']);
export type AuthProviderId = z.infer<typeof AuthProviderId>;
export const socialProviders = ['google', 'github'] as const;
export type SocialProviderId = (typeof socialProviders)[number];

/** The signed-in user as the web app and API clients see it. */
export const CurrentUser = z.object({
  id: z.string(),
  /** null for an anonymous guest. */
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  emailVerified: z.boolean(),
  isAnonymous: z.boolean(),
  /** Sign-in methods linked to the account, e.g. ['password'] or ['google']. Empty for a guest. */
  providers: z.array(AuthProviderId),
  createdAt: z.iso.datetime(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const SessionView = CurrentUser.nullable();

/**
 * Answer of resend-verification and verify-email (docs/product.md#texts-that-are-part-of-the-contract reads success and message). The web
 * app treats `success: false` as a failure, showing the message or the call's fallback.
 */
export const AuthActionResult = z.object({ success: z.boolean(), message: z.string() });
export type AuthActionResult = z.infer<typeof AuthActionResult>;

export const VerifyEmailQuery = z.object({
  token: z.string().max(200).optional(),
  userId: z.string().max(200).optional(),
});

/** The word typed to confirm account deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const DeleteAccountRequest = z.object({
  confirmation: z.string().max(20),
  /** Required for email-and-password accounts. */
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const DeleteAccountResult = z.object({ deleted: z.literal(true) });

/**
 * GET /api/users/me/deletion: what deleting the account would delete with it, the
 * organizations it is the only owner of (ADR 047); those with another owner stay.
 */
export const AccountDeletionPreview = z.object({
  organizations: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AccountDeletionPreview = z.infer<typeof AccountDeletionPreview>;

/**
 * Social accounts prove themselves again by signing in with their provider; a session younger
 * than this counts as a fresh sign-in for account deletion.
 */
export const REAUTHENTICATION_WINDOW_MS = 5 * 60 * 1000;

/** Sign-up, sign-in and password bodies, shared by the forms and the API tests. */
export const EmailField = z.email('Please enter a valid email address.').max(254);
export const PasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters');

export const SignUpForm = z.object({ email: EmailField, password: PasswordField });
export const SignInForm = z.object({ email: EmailField, password: z.string().min(1) });
export const ForgotPasswordForm = z.object({ email: EmailField });
