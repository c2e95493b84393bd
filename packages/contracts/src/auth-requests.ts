import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './auth.ts';
import {
  HttpUrl,
  URL_MAX_LENGTH,
  UserText,
  hasNoControlCharacters,
  urlControlCharacterMessage,
} from './text-rules.ts';

/**
 * Bodies of the identity calls, as the server accepts them: every text has a length limit and
 * every URL is http(s). Fields not listed are dropped before the identity layer sees them.
 */
const RedirectPath = z
  .string()
  .max(URL_MAX_LENGTH)
  .refine(hasNoControlCharacters, urlControlCharacterMessage)
  .optional();
export const DisplayName = UserText(DISPLAY_NAME_MAX_LENGTH, 'Display name');
export const ProfileImageUrl = HttpUrl('https://example.com/photo.jpg');

export const SignInRequest = z.object({
  email: z.string().max(254),
  password: z.string().max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters'),
  callbackURL: RedirectPath,
  rememberMe: z.boolean().optional(),
});
export const SignUpRequest = z.object({
  email: z.string().max(254),
  password: z.string().max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters'),
  name: DisplayName,
  image: ProfileImageUrl.optional(),
  callbackURL: RedirectPath,
  rememberMe: z.boolean().optional(),
});
export const UpdateUserRequest = z.object({
  name: DisplayName.optional(),
  image: ProfileImageUrl.nullable().optional(),
});
export const ChangePasswordRequest = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters'),
  revokeOtherSessions: z.boolean().optional(),
});
export const PasswordResetRequest = z.object({
  email: z.string().max(254),
  redirectTo: RedirectPath,
});
/**
 * The redirect addresses of a social sign-in (better-auth's own call, passed through as it is):
 * the one part of its body that the product checks, since a provider's callback redirects there.
 */
export const SocialSignInRedirects = z
  .object({
    callbackURL: RedirectPath,
    errorCallbackURL: RedirectPath,
    newUserCallbackURL: RedirectPath,
  })
  .loose();
export const ResetPasswordRequest = z.object({
  newPassword: z.string().max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters'),
  token: z.string().max(200).optional(),
});

/**
 * Header a non-browser client sends with sign-in or sign-up to be given its session token for
 * `Authorization: Bearer`; browsers keep their session in an httpOnly cookie that scripts never see.
 */
export const AUTH_MODE_HEADER = 'x-auth-mode';
