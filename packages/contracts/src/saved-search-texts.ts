/**
 * Saved searches and their alerts (ADR 034): limits, the words the save dialog, the dashboard,
 * the unsubscribe page, the email and the console show. No zod; the directory's button has its
 * two words in saved-search-button-texts.ts, the one file the home page's first chunk takes.
 */
export const SAVED_SEARCH_NAME_MAX = 80;
export const SAVED_SEARCHES_PER_USER = 20;
/** Organizations an alert lists; the rest are one link away (the full search). */
export const SAVED_SEARCH_ALERT_LISTED = 20;
export const savedSearchFrequencies = ['weekly', 'monthly'] as const;
export type SavedSearchFrequencyName = (typeof savedSearchFrequencies)[number];
/** How the unsubscribe link can fail: made up or altered, past its date, or already used. */
export const savedSearchUnsubscribeErrors = ['invalid', 'expired', 'used'] as const;
export type SavedSearchUnsubscribeError = (typeof savedSearchUnsubscribeErrors)[number];
/** The /unsubscribed page's list= for a saved search's alert. */
export const SAVED_SEARCH_UNSUBSCRIBE_LIST = 'saved-search';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const savedSearchTexts = {
  dialogTitle: 'Save this search',
  dialogDescription:
    'We will email you the organizations that are new for it: newly published, or newly matching your filters.',
  nameLabel: 'Name',
  nameHelp: (max: number) => `Up to ${max} characters, shown in your dashboard and the email.`,
  frequencyLabel: 'Email me',
  frequency: { weekly: 'Weekly', monthly: 'Monthly' } satisfies Record<
    SavedSearchFrequencyName,
    string
  >,
  frequencyHelp: 'Only when something is new: no email when nothing is.',
  filtersLabel: 'Filters',
  everything: 'Every organization in the directory',
  verifiedOnly: 'Verified only',
  followsUnknown: 'follows is organizations or roles',
  searchFor: (q: string) => `“${q}”`,
  submit: 'Save search',
  saving: 'Saving...',
  cancel: 'Cancel',
  saved: (name: string) => `Saved “${name}”. We will email you when something new matches.`,
  toDashboard: 'See your saved searches',
  failed: 'The search could not be saved. Please try again.',
  // The server's refusals (the dialog shows them as they come).
  nameRequired: 'Give this search a name.',
  nameTooLong: `Names are at most ${SAVED_SEARCH_NAME_MAX} characters.`,
  namePlain: 'Names are plain text on one line: no line breaks or control characters.',
  tooMany: `You can keep at most ${SAVED_SEARCHES_PER_USER} saved searches. Delete one in your dashboard to save another.`,
  permanentAccount: 'Sign in with an account to save searches.',
  verifyFirst: 'Verify your email address to save searches: alerts go to it.',
  notFound: 'This saved search does not exist, or it is not yours.',
  // The dashboard.
  navLabel: 'Saved searches',
  heading: 'Saved searches',
  intro:
    'Each search emails you what is new for it (organizations, or open roles newly posted), at most 20 at a time, and never when nothing is new.',
  emptyTitle: 'No saved searches yet',
  empty:
    'On the directory or the list of open roles, choose the filters that matter to you and press “Save this search”.',
  toDirectory: 'Go to the directory',
  loadFailed: 'Failed to load your saved searches. Please try again.',
  retry: 'Try again',
  open: 'Open',
  remove: 'Delete',
  removing: 'Deleting...',
  confirmTitle: 'Delete this saved search?',
  confirm: (name: string) => `“${name}” and its email alerts stop. This cannot be undone.`,
  removed: 'Saved search deleted',
  removeFailed: 'The saved search could not be deleted. Please try again.',
  lastAlert: (at: string | null) => (at ? `Last alert ${at}` : 'No alert sent yet'),
  nextCheck: (at: string) => `Next check ${at}`,
  count: (n: number) => `${n} of ${SAVED_SEARCHES_PER_USER}`,
  // The page an unsubscribe link ends on.
  unsubscribedTitle: 'Alert stopped',
  unsubscribed:
    'You will no longer get emails for this saved search; it is removed from your saved searches.',
  unsubscribeFailedTitle: 'This link did not work',
  unsubscribeFailed: {
    invalid:
      'This unsubscribe link is not valid: it may have been copied only in part. Nothing was changed. You can delete the search from your dashboard.',
    expired:
      'This unsubscribe link has expired. Nothing was changed. The latest alert has a working link, or you can delete the search from your dashboard.',
    used: 'This alert was already stopped, or its search deleted. Nothing else was changed.',
  } satisfies Record<SavedSearchUnsubscribeError, string>,
  // The email.
  emailSubject: (count: number, name: string) =>
    `${plural(count, 'new organization', 'new organizations')} for “${name}”`,
  emailIntro: (count: number, name: string, since: string) =>
    `${plural(count, 'organization is', 'organizations are')} new for your saved search “${name}” since ${since}.`,
  emailMore: (more: number) => `and ${plural(more, 'more', 'more')} in the full search.`,
  emailAction: 'See the full search',
  emailOutro: 'You get this email because you saved this search on the directory.',
  emailUnsubscribe: (name: string) => `Stop the alerts for “${name}”`,
} as const;

/** A saved search that follows open roles (ADR 046): where its words differ from the above. */
export const savedRoleSearchTexts = {
  dialogDescription:
    'We will email you the open roles newly posted that match these filters, at most 20 at a time.',
  everything: 'Every open role',
  remoteOnly: 'Remote only',
  /** The dashboard's mark on a search that follows roles. */
  follows: 'Open roles',
  followsOrganizations: 'Organizations',
  saved: (name: string) => `Saved “${name}”. We will email you when a new role matches.`,
  emailSubject: (count: number, name: string) =>
    `${plural(count, 'new open role', 'new open roles')} for “${name}”`,
  emailIntro: (count: number, name: string, since: string) =>
    `${plural(count, 'open role was', 'open roles were')} posted for your saved search “${name}” since ${since}.`,
  emailMore: (more: number) => `and ${plural(more, 'more', 'more')} in the list of open roles.`,
  emailAction: 'See the open roles',
  emailOutro: 'You get this email because you saved this search on the list of open roles.',
  remoteAnywhere: 'Remote, anywhere',
  remoteIn: (countries: string) => `Remote, from ${countries}`,
  hybrid: (place: string) => `${place} (hybrid)`,
} as const;

/** The directory's address for these filters (the same parameters the web page reads). */
export function savedSearchPath(filters: {
  q: string;
  categories: readonly string[];
  country: string | null;
  verified: boolean;
  hiring?: boolean;
}): string {
  const params = new URLSearchParams();
  if (filters.categories.length > 0) params.set('categories', filters.categories.join(','));
  if (filters.country) params.set('country', filters.country);
  if (filters.q) params.set('q', filters.q);
  if (filters.verified) params.set('verified', 'true');
  if (filters.hiring) params.set('hiring', 'true');
  const search = params.toString();
  return search ? `/?${search}` : '/';
}

/** The /roles page's address for these filters, in the page's own order (`rolesPageHref`). */
export function savedRolesPath(filters: {
  q: string;
  kinds: readonly string[];
  remote: boolean;
  country: string | null;
  categories: readonly string[];
}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.kinds.length > 0) params.set('kind', filters.kinds.join(','));
  if (filters.remote) params.set('remote', 'true');
  if (filters.country) params.set('country', filters.country);
  if (filters.categories.length > 0) params.set('categories', filters.categories.join(','));
  const search = params.toString();
  return search ? `/roles?${search}` : '/roles';
}

/** The operator console's Saved searches page (its refusals are the API's, in admin.ts). */
export const savedSearchConsoleTexts = {
  nav: 'Saved searches',
  title: 'Console: Saved searches',
  intro:
    'Searches people saved on the directory, and how the job that emails what is new for them last ran.',
  savedSearches: 'Saved searches',
  weekly: 'Weekly',
  monthly: 'Monthly',
  users: 'People with one',
  due: 'Alerts due now',
  lastRun: 'Last alert run',
  noRun: 'The alert job has not run yet.',
  outcome: { done: 'Done', failed: 'Failed' },
  ranAt: (when: string) => `Started ${when}`,
  checked: (n: number) => `${n.toLocaleString('en-US')} searches checked`,
  queued: (n: number) => `${n.toLocaleString('en-US')} emails queued`,
} as const;
