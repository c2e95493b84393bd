import {
  domainVerificationTexts,
  NEWSLETTER_CONFIRMATION_DAYS,
  newsletterTexts,
  VERIFICATION_CODE_TTL_MINUTES,
  formatAmount,
  formatMoney,
  parentBrandsTexts,
  siteName,
  type ParentBrand,
  type ParentBrands,
} from '@si/contracts';
import type { EmailMessage } from './message.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** What every email ends with: where to get help and whose brand the product is (settings). */
export interface EmailFooter {
  supportEmail: string;
  parentBrands: ParentBrands;
}

export interface ActionEmail extends EmailFooter {
  to: string;
  subject: string;
  intro: string;
  /** Links listed under the intro (a digest's or an alert's organizations), and a line after them. */
  list?: { items: { title: string; url: string; detail: string }[]; after?: string };
  action: string;
  url: string;
  outro: string;
  /** A list email's one-click way out: a link at the end and the RFC 8058 headers. */
  unsubscribe?: { url: string; label: string };
}

const footerColor = '#718096';
const brandHtml = (brand: ParentBrand) =>
  brand.url
    ? `<a href="${escapeHtml(brand.url)}" style="color:${footerColor}">${escapeHtml(brand.name)}</a>`
    : escapeHtml(brand.name);
const parentBrandsHtml = (brands: ParentBrands) =>
  `${escapeHtml(parentBrandsTexts.before)}${brandHtml(brands.education)}${escapeHtml(parentBrandsTexts.between)}${brandHtml(brands.hiring)}${escapeHtml(parentBrandsTexts.after)}`;

const listHtml = ({ items, after }: NonNullable<ActionEmail['list']>) =>
  `<ul style="list-style:none;padding:0;margin:20px 0">${items
    .map(
      (item) =>
        `<li style="margin:0 0 16px"><a href="${escapeHtml(item.url)}" style="font-size:16px;font-weight:600;color:#0f6e5a">${escapeHtml(item.title)}</a><br><span style="font-size:14px;line-height:1.5;color:#4a5568">${escapeHtml(item.detail)}</span></li>`,
    )
    .join(
      '',
    )}</ul>${after ? `<p style="font-size:14px;color:#4a5568">${escapeHtml(after)}</p>` : ''}
`;

/** One plain layout: a sentence, a button, the raw link, where to get help and the parent brands. */
export function actionEmail(email: ActionEmail): EmailMessage {
  const text = [
    email.intro,
    '',
    ...(email.list
      ? [
          ...email.list.items.flatMap((item) => [
            `- ${item.title}: ${item.url}`,
            `  ${item.detail}`,
          ]),
          ...(email.list.after ? [email.list.after] : []),
          '',
        ]
      : []),
    `${email.action}: ${email.url}`,
    '',
    email.outro,
    '',
    `Questions? Write to ${email.supportEmail}.`,
    `— ${siteName}`,
    '',
    parentBrandsTexts.line(email.parentBrands),
    ...(email.unsubscribe ? ['', `${email.unsubscribe.label}: ${email.unsubscribe.url}`] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f6f7f9;font-family:system-ui,sans-serif;color:#1b2330">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:18px;font-weight:700;margin:0 0 24px">${escapeHtml(siteName)}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(email.intro)}</p>
${email.list ? listHtml(email.list) : ''}<p style="margin:28px 0"><a href="${escapeHtml(email.url)}" style="background:#0f6e5a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(email.action)}</a></p>
<p style="font-size:14px;line-height:1.5;color:#4a5568">Or open this link: <a href="${escapeHtml(email.url)}">${escapeHtml(email.url)}</a></p>
<p style="font-size:14px;line-height:1.5;color:#4a5568">${escapeHtml(email.outro)}</p>
<p style="font-size:13px;color:${footerColor}">Questions? Write to ${escapeHtml(email.supportEmail)}.</p>
<p style="font-size:13px;color:${footerColor}">${parentBrandsHtml(email.parentBrands)}</p>
${email.unsubscribe ? `<p style="font-size:13px;color:${footerColor}"><a href="${escapeHtml(email.unsubscribe.url)}" style="color:${footerColor}">${escapeHtml(email.unsubscribe.label)}</a></p>\n` : ''}</div></body></html>`;
  const headers = email.unsubscribe
    ? {
        'List-Unsubscribe': `<${email.unsubscribe.url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : undefined;
  return { to: email.to, subject: email.subject, text, html, ...(headers ? { headers } : {}) };
}

export function verificationEmail(to: string, url: string, footer: EmailFooter): EmailMessage {
  return actionEmail({
    to,
    subject: `Verify your email for ${siteName}`,
    intro: `Welcome to ${siteName}! Please confirm that ${to} is your email address.`,
    action: 'Verify email address',
    url,
    outro:
      'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
    ...footer,
  });
}

/** The code that proves an organization runs a domain, sent to an address on it (ADR 032). */
export function domainCodeEmail(
  email: EmailFooter & {
    to: string;
    code: string;
    domain: string;
    organizationName: string;
    editorUrl: string;
  },
): EmailMessage {
  return actionEmail({
    to: email.to,
    subject: domainVerificationTexts.codeEmailSubject(email.domain),
    intro: `Your code is ${email.code}. Enter it in the editor of ${email.organizationName} on ${siteName} within ${VERIFICATION_CODE_TTL_MINUTES} minutes to show that the organization runs ${email.domain}.`,
    action: 'Open the editor',
    url: email.editorUrl,
    outro: `If nobody at ${email.domain} asked for this, ignore this email: without the code, nothing changes.`,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/** An operator took an organization's Verified badge away, and says why. */
export function badgeRevokedEmail(email: PaymentEmail & { reason: string }): EmailMessage {
  return actionEmail({
    to: email.to,
    subject: domainVerificationTexts.revokedEmailSubject(email.organizationName),
    intro: `Our team has removed the Verified badge from the profile of ${email.organizationName}. The reason: ${email.reason}`,
    action: 'See your organizations',
    url: dashboardLink(email.publicUrl),
    outro: `The profile itself is unchanged. Reply to ${email.supportEmail} if you think this is a mistake.`,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

export function passwordResetEmail(to: string, url: string, footer: EmailFooter): EmailMessage {
  return actionEmail({
    to,
    subject: `Reset your ${siteName} password`,
    intro: 'Someone asked to reset the password of your account. If it was you, choose a new one.',
    action: 'Reset password',
    url,
    outro:
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.',
    ...footer,
  });
}

/** The owner's organizations and subscriptions, where every payment email sends them. */
const dashboardLink = (publicUrl: string) => `${publicUrl}/dashboard/organizations`;
const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

interface PaymentEmail extends EmailFooter {
  to: string;
  organizationName: string;
  publicUrl: string;
}

export function subscriptionActiveEmail(email: PaymentEmail & { profileUrl: string }) {
  return actionEmail({
    to: email.to,
    subject: `${email.organizationName} is live on ${siteName}`,
    intro: `Thank you! The subscription for ${email.organizationName} is active and its profile is now public in the directory.`,
    action: 'View the profile',
    url: email.profileUrl,
    outro: 'You can see your plan, its dates and manage it from your dashboard at any time.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

export function paymentFailedEmail(email: PaymentEmail & { graceUntil: Date }) {
  return actionEmail({
    to: email.to,
    subject: `Payment failed for ${email.organizationName}`,
    intro: `We could not take the renewal payment for ${email.organizationName}. Its profile stays public until ${longDate(email.graceUntil)}; if the payment has not gone through by then, the profile is hidden from the directory (never deleted).`,
    action: 'Update your billing details',
    url: dashboardLink(email.publicUrl),
    outro: 'If you have already updated your card, there is nothing more to do.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/**
 * The receipt of one paid invoice (a first payment or a renewal), once per invoice: the
 * organization, plan, amount and the period it pays for, and the provider's own page for the
 * invoice (`receiptUrl`); without one (the built-in test checkout) the owner's invoice list.
 */
export function paymentReceiptEmail(
  email: PaymentEmail & {
    planName: string;
    amountCents: number;
    currency: string;
    periodStart: Date;
    periodEnd: Date;
    invoiceNumber: string | null;
    receiptUrl: string | null;
  },
) {
  const amount = formatMoney(email.amountCents, email.currency);
  const invoice = email.invoiceNumber ? ` (invoice ${email.invoiceNumber})` : '';
  return actionEmail({
    to: email.to,
    subject: `Receipt for ${email.organizationName}: ${amount}`,
    intro: `Thank you for your payment of ${amount}${invoice} for ${email.organizationName} on the ${email.planName} plan, for the period from ${longDate(email.periodStart)} to ${longDate(email.periodEnd)}.`,
    action: email.receiptUrl ? 'View your receipt' : 'See your invoices',
    url: email.receiptUrl ?? dashboardLink(email.publicUrl),
    outro: email.receiptUrl
      ? 'Every past invoice is also listed under My Subscriptions in your dashboard.'
      : 'This payment was made in the test checkout: no card was charged, so there is no receipt page. It is listed under My Subscriptions in your dashboard.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/**
 * A second checkout of an organization already paid for was paid too (two tabs, two links): its
 * subscription was ended at once and its payment refunded (ADR 013). `amountCents`: null when
 * the provider had no payment left to refund.
 */
export function duplicatePaymentRefundedEmail(
  email: PaymentEmail & { amountCents: number | null },
) {
  const refunded =
    email.amountCents === null
      ? 'any payment it took is refunded'
      : `its payment of ${formatAmount(email.amountCents)} has been refunded to the card it came from`;
  return actionEmail({
    to: email.to,
    subject: `Second payment for ${email.organizationName} refunded`,
    intro: `${email.organizationName} was already paid for when a second checkout for it was paid. We ended that second subscription at once, and ${refunded}; refunds take 5 to 10 days to show on a statement. Your first subscription is unchanged and the profile stays public.`,
    action: 'See your subscriptions',
    url: dashboardLink(email.publicUrl),
    outro: 'There is nothing you need to do.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/**
 * The current period's payment was refunded in full at the payment provider (not by the product
 * itself): the profile is out of the directory for that period (ADR 013).
 */
export function paymentRefundedEmail(email: PaymentEmail) {
  return actionEmail({
    to: email.to,
    subject: `Payment for ${email.organizationName} refunded: not published`,
    intro: `The payment for the current period of ${email.organizationName} has been refunded, so its profile is no longer public in the directory. Nothing was deleted. If the subscription renews, the next period's payment publishes it again.`,
    action: 'See your subscriptions',
    url: dashboardLink(email.publicUrl),
    outro: 'If you did not expect this refund, reply to this email or write to us.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/**
 * The current period's payment is disputed with the card's bank (a chargeback): the profile is
 * out of the directory unless the dispute is decided in our favour (ADR 013).
 */
export function paymentDisputedEmail(email: PaymentEmail) {
  return actionEmail({
    to: email.to,
    subject: `Payment for ${email.organizationName} disputed: not published`,
    intro: `The payment for the current period of ${email.organizationName} has been disputed with the card's bank, so its profile is no longer public in the directory. Nothing was deleted. If the dispute is decided in our favour while the period is still paid for, the profile is published again.`,
    action: 'See your subscriptions',
    url: dashboardLink(email.publicUrl),
    outro: 'If you did not mean to dispute this payment, contact your bank or write to us.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

export function publicationEndingEmail(email: PaymentEmail & { endsAt: Date }) {
  return actionEmail({
    to: email.to,
    subject: `${email.organizationName} leaves the directory on ${longDate(email.endsAt)}`,
    intro: `The subscription for ${email.organizationName} ends on ${longDate(email.endsAt)}. After that its profile is hidden from the directory; nothing is deleted.`,
    action: 'Keep it published',
    url: dashboardLink(email.publicUrl),
    outro: 'If you meant to let it end, there is nothing to do.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

export function publicationEndedEmail(email: PaymentEmail) {
  return actionEmail({
    to: email.to,
    subject: `${email.organizationName} is no longer in the directory`,
    intro: `The subscription for ${email.organizationName} has ended, so its profile is now hidden from the directory. Nothing was deleted: subscribe again and it is public at once.`,
    action: 'Subscribe again',
    url: dashboardLink(email.publicUrl),
    outro: 'Thank you for having been part of the directory.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/** An operator took the profile down (ADR 028): the owner reads why, and where to answer. */
export function profileHeldEmail(email: PaymentEmail & { reason: string }) {
  return actionEmail({
    to: email.to,
    subject: `${email.organizationName} is on hold`,
    intro: `Our team has taken the profile of ${email.organizationName} out of the directory for now. The reason: ${email.reason}`,
    action: 'See your organizations',
    url: dashboardLink(email.publicUrl),
    outro: `Nothing was deleted, and your subscription is unchanged. Reply to ${email.supportEmail} if you think this is a mistake or once it is fixed.`,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/** The operator released the hold: the subscription decides again. */
export function profileReleasedEmail(email: PaymentEmail) {
  return actionEmail({
    to: email.to,
    subject: `${email.organizationName} is no longer on hold`,
    intro: `Our team has released the hold on ${email.organizationName}. If its subscription is active, the profile is public again.`,
    action: 'See your organizations',
    url: dashboardLink(email.publicUrl),
    outro: 'Thank you for your patience.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/** What one organization earned last month, as the monthly summary tells its owner. */
export interface MonthlySummary extends EmailFooter {
  to: string;
  organizationName: string;
  /** 'October 2026' */
  month: string;
  previousMonth: string;
  views: number;
  previousViews: number;
  impressions: number;
  clicks: number;
  shares: number;
  insightsUrl: string;
  unsubscribeUrl: string;
}

const times = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'time' : 'times'}`;

export function insightsSummaryEmail(summary: MonthlySummary): EmailMessage {
  const change =
    summary.previousViews === 0
      ? ''
      : ` (${summary.views >= summary.previousViews ? '+' : ''}${Math.round(((summary.views - summary.previousViews) / summary.previousViews) * 100)}% on ${summary.previousMonth})`;
  return actionEmail({
    to: summary.to,
    subject: `${summary.organizationName} on ${siteName}: your ${summary.month} summary`,
    intro: `In ${summary.month}, the profile of ${summary.organizationName} was viewed ${times(summary.views)}${change}, appeared ${times(summary.impressions)} in the directory's results, had its links followed ${times(summary.clicks)} and was shared ${times(summary.shares)}. Known bots and link previewers are not in these numbers, nor are your own visits.`,
    action: 'See your insights',
    url: summary.insightsUrl,
    outro: 'The dashboard shows every day, the last 7, 30 and 90 days, and a CSV export.',
    supportEmail: summary.supportEmail,
    parentBrands: summary.parentBrands,
    unsubscribe: {
      url: summary.unsubscribeUrl,
      label: `Stop the monthly summary for ${summary.organizationName}`,
    },
  });
}

/** The double opt-in's email: the link that makes a pending address a subscriber (ADR 033). */
export function newsletterConfirmationEmail(
  email: EmailFooter & { to: string; confirmUrl: string },
): EmailMessage {
  return actionEmail({
    to: email.to,
    subject: newsletterTexts.confirmEmailSubject,
    intro: `Someone, we hope you, asked to receive the ${siteName} newsletter at ${email.to}: once a month, the organizations that joined the directory. Confirm to start receiving it.`,
    action: 'Confirm my subscription',
    url: email.confirmUrl,
    outro: `The link works for ${NEWSLETTER_CONFIRMATION_DAYS} days. If you did not ask for it, ignore this email: without a confirmation we send nothing more and forget the address.`,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/** The monthly digest: the operator's line, then each organization first published that month. */
export function newsletterDigestEmail(
  email: EmailFooter & {
    to: string;
    /** 'October 2026' */
    month: string;
    line: string;
    organizations: { name: string; line: string; url: string }[];
    directoryUrl: string;
    unsubscribeUrl: string;
  },
): EmailMessage {
  const joined = `${email.organizations.length} ${email.organizations.length === 1 ? 'organization' : 'organizations'} joined ${siteName} in ${email.month}.`;
  return actionEmail({
    to: email.to,
    subject: newsletterTexts.digestSubject(email.month),
    intro: email.line ? `${email.line} ${joined}` : joined,
    list: {
      items: email.organizations.map(({ name, line, url }) => ({ title: name, detail: line, url })),
    },
    action: 'Browse the directory',
    url: email.directoryUrl,
    outro: 'You get this email once a month because you confirmed your subscription.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
    unsubscribe: { url: email.unsubscribeUrl, label: newsletterTexts.unsubscribeLabel },
  });
}
