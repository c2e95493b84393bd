import { countOf, formatInteger } from './counts.ts';

/**
 * Plans, payment words and timings (docs/product.md#plan-selection-and-checkout, #payments-and-subscriptions, #limits-and-constants),
 * apart from the schemas so that pages may use them without zod. The schemas are in payments.ts.
 */

export const planIds = ['monthly', 'annual'] as const;
export type PlanChoice = (typeof planIds)[number];

/** Who runs a subscription: the card provider, the built-in test checkout, or a guest code. */
export const subscriptionProviders = ['stripe', 'test', 'guest'] as const;

/**
 * A subscription's state as owners see it. `paid`: active and renewing (or a guest grant in
 * its term). `canceled`: will not renew; the profile stays public until endDate. `past_due`: a
 * renewal payment failed; the profile stays public until graceEndDate. `expired`: over; the
 * profile is unpublished, never deleted.
 */
export const subscriptionStatuses = ['paid', 'canceled', 'past_due', 'expired'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * The statuses that keep a profile published and editable: paid, canceled (until its end) and
 * past_due (within its grace). The server moves a subscription to expired when its time is up,
 * so the status alone tells.
 */
export const liveSubscriptionStatuses = ['paid', 'canceled', 'past_due'] as const;

export const isLiveSubscriptionStatus = (status: SubscriptionStatus) =>
  (liveSubscriptionStatuses as readonly SubscriptionStatus[]).includes(status);

/**
 * The current period's payment taken back at the provider: `refunded` in full, or `disputed`
 * (a chargeback open, or lost). The period does not publish, whatever the status; a renewal
 * paid, or a dispute won, ends the hold (ADR 013).
 */
export const paymentHolds = ['refunded', 'disputed'] as const;
export type PaymentHold = (typeof paymentHolds)[number];

/** Whether a subscription publishes now: a live status and no payment hold. */
export const publishesNow = (subscription: {
  status: SubscriptionStatus;
  paymentHold: PaymentHold | null;
}) => isLiveSubscriptionStatus(subscription.status) && subscription.paymentHold === null;

/** How My Subscriptions names a held subscription, in place of its status. */
export const paymentHoldNames: Record<PaymentHold, string> = {
  refunded: 'Refunded — not published',
  disputed: 'Payment disputed — not published',
};

/**
 * What each plan charges, in cents: the one place of the amounts. The plan page's prices and
 * savings are worded from them, checkouts without configured prices charge them, and a
 * production server refuses Stripe prices that charge anything else
 * (docs/operations/production.md).
 */
const MONTHLY_CENTS = 1200;
const ANNUAL_CENTS = 10000;
/** "$12" from 1200 cents: a whole-dollar price as the plan cards show it. */
const wholeDollars = (amountCents: number) => `$${amountCents / 100}`;

/** One definition of each plan: amounts in cents, USD, one organization each. */
export const plans = {
  monthly: {
    id: 'monthly',
    name: 'Monthly',
    subscriptionType: 'monthly',
    amountCents: MONTHLY_CENTS,
    currency: 'usd',
    interval: 'month',
    price: wholeDollars(MONTHLY_CENTS),
    period: 'per month',
    features: ['One organization profile', 'Full access', 'Cancel anytime'],
    badge: null,
    savings: null,
    savingsDetail: null,
  },
  annual: {
    id: 'annual',
    name: 'Annual',
    subscriptionType: 'yearly',
    amountCents: ANNUAL_CENTS,
    currency: 'usd',
    interval: 'year',
    price: wholeDollars(ANNUAL_CENTS),
    period: 'per year',
    features: ['One organization profile', 'Full access', 'Cancel anytime'],
    badge: 'Best Value',
    savings: 'Save 16%',
    savingsDetail: `Save ${wholeDollars(12 * MONTHLY_CENTS - ANNUAL_CENTS)} compared to monthly plan`,
  },
} as const satisfies Record<
  PlanChoice,
  {
    id: PlanChoice;
    name: string;
    subscriptionType: 'monthly' | 'yearly';
    amountCents: number;
    currency: 'usd';
    interval: 'month' | 'year';
    price: string;
    period: string;
    features: readonly string[];
    badge: string | null;
    savings: string | null;
    savingsDetail: string | null;
  }
>;

/** docs/product.md#limits-and-constants. */
export const PAYMENT_POLL_ATTEMPTS = 10;
export const PAYMENT_POLL_INTERVAL_MS = 3000;
export const CANCELED_COUNTDOWN_SECONDS = 10;
export const GUEST_CODE_MAX_LENGTH = 64;

/** "$12.00" from 1200 cents. */
export const formatAmount = (amountCents: number) => `$${(amountCents / 100).toFixed(2)}`;

/**
 * An amount in a currency's smallest unit as people read it: "$12.00" for USD (the plans'
 * currency), "12.00 EUR" for any other a provider might report.
 */
export const formatMoney = (amountCents: number, currency: string) =>
  currency.toLowerCase() === 'usd'
    ? formatAmount(amountCents)
    : `${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export const paymentTexts = {
  selectPlanTitle: 'Select a Subscription Plan',
  /** Above the plans of an organization that never had a subscription. */
  selectPlanIntro:
    'Your organization is saved. Choose a plan to publish its profile in the directory.',
  /** Above the plans of one whose subscription ended (an expired one: hidden, never deleted). */
  selectPlanIntroEnded:
    'The subscription for this organization has ended, so its profile is hidden from the directory. Choose a plan to publish it again.',
  choosePlan: (planName: string) => `Choose ${planName}`,
  processing: 'Processing...',
  checkoutFailed: 'Unable to process payment. Please try again.',
  guestCodeTitle: 'Have a Guest Code?',
  guestCodeLabel: 'Guest code',
  guestCodePlaceholder: 'Enter your code',
  apply: 'Apply',
  applying: 'Applying...',
  invalidGuestCode: 'Invalid guest code',

  canceledTitle: 'Payment Canceled',
  canceledBody: 'Your payment was canceled and you have not been charged.',
  redirectingIn: (seconds: number) => `Redirecting in ${countOf(seconds, 'second', 'seconds')}...`,
  goToDashboard: 'Go to Dashboard',
  tryAgain: 'Try Again',

  verifying: 'Verifying Payment...',
  attempt: (attempt: number, of: number) => `Attempt ${attempt} of ${of}...`,
  timeoutTitle: 'Payment Verification Timeout',
  timeoutMessage:
    'We were unable to verify your payment. This might take a few minutes to process.',
  timeoutReassurance:
    "Don't worry - if your payment was successful, you'll be able to access your organization soon.",
  tryVerifyingAgain: 'Try Verifying Again',
  refreshPage: 'Refresh Page',
  paymentRequiredTitle: 'Payment Required',
  paymentRequiredBody:
    'This organization needs an active subscription before its profile can be edited and published.',
  subscribeNow: 'Subscribe Now',
  paymentConfirmed: 'Payment confirmed. Your organization is now live in the directory.',
  guestCodeConfirmed: 'Guest code applied. Your organization is now live in the directory.',

  testCheckoutTitle: 'Test Checkout',
  testModeBadge: 'Test mode',
  testModeNotice:
    'No card is charged. This checkout stands in for the payment provider while none is configured.',
  testCheckoutPay: (amount: string) => `Pay ${amount}`,
  testCheckoutCancel: 'Cancel',
  testCheckoutPaying: 'Paying...',
  testCheckoutClosed: 'This checkout is no longer open.',

  subscriptionsTitle: 'My Subscriptions',
  subscriptionsEmpty: 'No subscriptions yet. Choose a plan for an organization to publish it.',
  manageBilling: 'Manage billing',
  cancelSubscription: 'Cancel subscription',
  cancelSubscriptionTitle: 'Cancel Subscription',
  cancelSubscriptionBody: (endDate: string) =>
    `Your profile stays published until ${endDate}. After that it is hidden from the directory, never deleted, and you can subscribe again at any time.`,
  keepSubscription: 'Keep subscription',
  canceling: 'Canceling...',
  resumeSubscription: 'Resume subscription',
  resuming: 'Resuming...',
  subscriptionCanceled:
    'Subscription canceled. Your profile stays published until the period ends.',
  subscriptionResumed: 'Subscription resumed.',
  resubscribe: 'Subscribe again',
  /** The plan switch on a live subscription (ADR 013). */
  switchToPlan: (planName: string) => `Switch to ${planName.toLowerCase()}`,
  planChangeTitle: (planName: string) => `Switch to the ${planName} plan`,
  planChangeLoading: 'Working out what the switch costs...',
  // What the card is charged on each date, credit applied (the server works it out, ADR 038).
  planChangeNow: (amount: string) => `Charged to your card now: ${amount}.`,
  planChangeNothingNow: 'Nothing is charged to your card now.',
  planChangeCreditPays: (
    credit: string,
    payments: number,
    interval: 'month' | 'year',
    from: string,
  ) =>
    payments === 0
      ? `Your ${credit} credit is taken off your next payment.`
      : payments === 1
        ? `Your ${credit} credit pays your next ${interval}ly payment, on ${from}.`
        : `Your ${credit} credit pays your next ${formatInteger(payments)} ${interval}ly payments, from ${from}.`,
  planChangeCardThen: (first: string, date: string, price: string, interval: 'month' | 'year') =>
    first === price
      ? `Then your card is charged ${price} a ${interval}, from ${date}.`
      : `Then your card is charged ${first} on ${date}, and ${price} a ${interval} after that.`,
  confirmPlanChange: 'Confirm',
  keepPlan: 'Cancel',
  planChanging: 'Switching...',
  planChanged: (planName: string) => `Switched to the ${planName} plan.`,
  planPreviewFailed: "We couldn't work out what the switch costs. Please try again.",

  // Added with the web screens: words the screens need beyond the product's.
  guestCodeIntro: 'Received a code from us? Apply it to publish your organization without a card.',
  alreadyActiveTitle: 'Your subscription is active',
  editOrganization: 'Edit your organization',
  choosePlanLink: 'Choose a plan',
  publicUntil: (date: string) => `Public until ${date}`,
  hiddenFromDirectory: 'Hidden from the directory',
  testCheckoutOrganization: 'Organization',
  testCheckoutPlan: 'Plan',
  testCheckoutAmount: 'Amount',
  subscriptionStarted: 'Started',
  subscriptionRenews: 'Renews',
  subscriptionEnds: 'Ends',
  subscriptionEnded: 'Ended',
  subscriptionActionFailed: 'Something went wrong. Please try again.',
  subscriptionCheckFailed: "We couldn't check this organization's subscription. Please try again.",
  testCheckoutLoadFailed: "We couldn't load this checkout. Please try again.",

  invoicesTitle: 'Past invoices',
  invoicesEmpty: 'No invoices yet. Each payment for a plan is listed here with its receipt.',
  invoicesFailed: "We couldn't load your invoices. Please try again.",
  invoicePaid: 'Paid',
  invoiceAmount: 'Amount',
  invoicePeriod: 'Period',
  viewReceipt: 'View receipt',
  /** Where the built-in test checkout's payments have no provider page (it took no money). */
  noReceiptPage: 'Test payment, no receipt page',
} as const;

/** How My Organizations names an organization's place in the directory. */
export const publicationStateNames = {
  live: 'Live',
  ending: 'Ending',
  paymentFailed: 'Payment failed',
  lapsed: 'Lapsed',
  notPublicYet: 'Not public yet',
  /** Paid for, but held back from the directory by an operator. */
  held: 'Not published',
  /** The current period's payment was refunded at the provider. */
  refunded: 'Refunded',
  /** The current period's payment is disputed (or the dispute was lost). */
  disputed: 'Payment disputed',
} as const;
export type PublicationState = keyof typeof publicationStateNames;

export const subscriptionStatusNames: Record<SubscriptionStatus, string> = {
  paid: 'Active',
  canceled: 'Ending',
  past_due: 'Payment failed',
  expired: 'Lapsed',
};

/** Messages the payments API answers with (and the screens show as they are). */
export const paymentMessages = {
  guestCodeInvalid: 'Invalid guest code',
  guestCodeExpired: 'This guest code has expired.',
  guestCodeUsedUp: 'This guest code has already been used the maximum number of times.',
  guestCodeDisabled: 'This guest code is no longer active.',
  guestCodeAlreadyUsed: 'This guest code has already been used for this organization.',
  tooManyGuestCodes: 'Too many guest code attempts. Please try again later.',
  tooManyCheckouts: 'Too many checkouts started. Please try again later.',
  alreadySubscribed: 'This organization already has an active subscription.',
  sessionNotFound: 'Payment session not found.',
  notCancelable: 'Only an active subscription can be canceled.',
  notResumable: 'Only a canceled subscription that has not ended can be resumed.',
  planNotChangeable:
    'Only an active subscription that renews can switch plans. Resume a canceled one first.',
  alreadyOnPlan: 'This subscription is already on that plan.',
  planChangeDeclined:
    'The payment for the switch was declined, so the plan was not changed. Update your card and try again.',
  noBillingPortal: 'Billing is managed here while no payment provider is configured.',
  paymentRequired:
    'This organization needs an active subscription first. Choose a plan to publish it.',
  providerUnavailable:
    'The payment provider could not be reached. Nothing was changed; please try again in a few minutes.',
  deletionBlocked:
    'The payment provider could not be reached to cancel the subscription, so nothing was deleted. Please try again in a few minutes.',
  testCheckoutOnly: 'This checkout is only available in test mode.',
  checkoutClosed: 'This checkout is no longer open.',
} as const;
