/**
 * API keys (ADR 055): the header a partner sends, the limits, the error codes and the words the
 * dashboard's API keys page shows. No zod, so the page takes only what it needs.
 */

/** The request header that carries a key (not Authorization, which carries session tokens). */
export const API_KEY_HEADER = 'X-API-Key';
/** How every key starts, so one pasted in a chat or a repository is recognised for what it is. */
export const API_KEY_PREFIX = 'si_key_';
export const API_KEY_NAME_MAX = 80;
/** Keys one account may hold at once (revoked ones do not count). */
export const API_KEYS_PER_USER = 10;
/** Days of usage the dashboard shows, today included. */
export const API_KEY_USAGE_DAYS = 30;

export const apiKeyErrorCodes = {
  /** A key that is malformed, unknown or revoked: never answered as if none were sent. */
  invalid: 'API_KEY_INVALID',
  /** A key sent to a route that is not a public read (a write, an account's or owner's read). */
  readOnly: 'API_KEY_READ_ONLY',
  tooMany: 'TOO_MANY_API_KEYS',
} as const;

export const apiKeyTexts = {
  navLabel: 'API keys',
  pageTitle: 'API keys',
  heading: 'API keys',
  description: `Read the directory's public API from your own site or product. Send a key in the ${API_KEY_HEADER} header: each key has its own, higher rate limit, and it reads only what anyone can read.`,
  create: 'Create key',
  createTitle: 'Create an API key',
  createDescription: 'Name it after where you will use it, so you know which one to revoke.',
  nameLabel: 'Name',
  nameHelp: `Up to ${API_KEY_NAME_MAX} characters.`,
  nameRequired: 'Enter a name for the key.',
  nameTooLong: `Use at most ${API_KEY_NAME_MAX} characters.`,
  creating: 'Creating...',
  cancel: 'Cancel',
  createdTitle: 'Your new API key',
  createdWarning:
    'Copy it now: this is the only time it is shown. We keep only a fingerprint of it.',
  copy: 'Copy key',
  copied: 'Copied',
  done: 'Done',
  close: 'Close',
  secretLabel: 'API key',
  empty: 'No API keys yet.',
  listLabel: 'Your API keys',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  revoke: 'Revoke',
  revokeTitle: (name: string) => `Revoke “${name}”?`,
  revokeDescription:
    'Requests that send this key are refused from now on. This cannot be undone; create a new key if you need one again.',
  revokeConfirm: 'Revoke key',
  revoking: 'Revoking...',
  revoked: (name: string) => `API key “${name}” revoked.`,
  usageTitle: 'Requests per day',
  usageDescription: `The last ${API_KEY_USAGE_DAYS} days, in UTC.`,
  usageDay: 'Day',
  usageKey: 'Key',
  usageRequests: 'Requests',
  usageEmpty: 'No requests in this period.',
  limitReached: `You have ${API_KEYS_PER_USER} keys, the most an account may hold: revoke one first.`,
  loadFailed: 'Your API keys could not be loaded. Try again.',
  retry: 'Try again',
  createFailed: 'The key could not be created. Try again.',
  revokeFailed: 'The key could not be revoked. Try again.',
  guestRefused: 'Create a permanent account to use API keys.',
  unverifiedRefused: 'Verify your email address to create API keys.',
  invalidKey: `This API key is not valid: it is mistyped, or it was revoked. Send a current key in ${API_KEY_HEADER}, or none.`,
  readOnly: 'API keys only read what anyone can read: sign in to do this.',
  notFound: 'No such API key.',
  preflightRefused:
    'This route does not answer other sites’ pages: only public reads (GET, HEAD) do.',
} as const;
