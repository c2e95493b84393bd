import { savedSearchTexts } from './saved-search-texts.ts';

/**
 * The emails a reader can leave in one click (List-Unsubscribe, RFC 8058), and the words of
 * the page each unsubscribe link ends on: /unsubscribed?list=<list>[&error=<error>].
 */
export const emailLists = ['insights', 'newsletter', 'saved-search'] as const;
export type EmailList = (typeof emailLists)[number];

/**
 * invalid: forged or cut short; used: a real link whose address (or search) is no longer on the
 * list; expired: a real link past its date (a saved search's alert links last 90 days).
 */
export const unsubscribeErrors = ['invalid', 'used', 'expired'] as const;
export type UnsubscribeError = (typeof unsubscribeErrors)[number];

export const unsubscribeLinkInvalid = 'This unsubscribe link is not valid.';

export const unsubscribeTexts = {
  insights: {
    doneTitle: 'Unsubscribed',
    done: 'You will no longer receive the monthly summary for this organization. You can turn it back on from its Insights in your dashboard.',
    invalidTitle: 'This link did not work',
    invalid:
      'This unsubscribe link is not valid: it may have been copied only in part. You can turn the monthly summary off from the Insights of your organization in your dashboard.',
    usedTitle: 'Unsubscribed',
    used: 'The monthly summary for this organization is off already.',
    // Its links do not expire.
    expiredTitle: 'This link did not work',
    expired:
      'This unsubscribe link is not valid: it may have been copied only in part. You can turn the monthly summary off from the Insights of your organization in your dashboard.',
    action: 'Go to your dashboard',
    actionTo: '/dashboard/organizations',
  },
  newsletter: {
    doneTitle: 'Unsubscribed',
    done: 'Your address has been removed from the newsletter: you will get no more of it, and we keep nothing of your subscription. You can subscribe again at any time from the box at the bottom of any page.',
    invalidTitle: 'This link did not work',
    invalid:
      'This unsubscribe link is not valid: it may have been copied only in part. Nothing has changed. Open the link from the newsletter again, or write to us and we will remove your address.',
    usedTitle: 'Already unsubscribed',
    used: 'This address is no longer on the newsletter: it was unsubscribed before. Nothing has changed.',
    // Its links do not expire.
    expiredTitle: 'This link did not work',
    expired:
      'This unsubscribe link is not valid: it may have been copied only in part. Nothing has changed. Open the link from the newsletter again, or write to us and we will remove your address.',
    action: 'Go to the home page',
    actionTo: '/',
  },
  'saved-search': {
    doneTitle: savedSearchTexts.unsubscribedTitle,
    done: savedSearchTexts.unsubscribed,
    invalidTitle: savedSearchTexts.unsubscribeFailedTitle,
    invalid: savedSearchTexts.unsubscribeFailed.invalid,
    usedTitle: 'Alert already stopped',
    used: savedSearchTexts.unsubscribeFailed.used,
    expiredTitle: 'This link has expired',
    expired: savedSearchTexts.unsubscribeFailed.expired,
    action: savedSearchTexts.toDashboard,
    actionTo: '/dashboard/saved-searches',
  },
} as const satisfies Record<EmailList, Record<string, string>>;
