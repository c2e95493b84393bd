import { siteName } from '@si/contracts';
import { actionEmail, type EmailFooter } from './action-email.ts';
import type { EmailMessage } from './message.ts';

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
  /** Fetches of its badge and card on other sites (ADR 052). */
  embeds: number;
  insightsUrl: string;
  unsubscribeUrl: string;
}

const times = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'time' : 'times'}`;

/** Said only to owners whose badge or card is on a site: to the others it would mean nothing. */
const embeds = (count: number) =>
  count === 0 ? '' : ` Its badge and card were shown ${times(count)} on other sites.`;

export function insightsSummaryEmail(summary: MonthlySummary): EmailMessage {
  const change =
    summary.previousViews === 0
      ? ''
      : ` (${summary.views >= summary.previousViews ? '+' : ''}${Math.round(((summary.views - summary.previousViews) / summary.previousViews) * 100)}% on ${summary.previousMonth})`;
  return actionEmail({
    to: summary.to,
    subject: `${summary.organizationName} on ${siteName}: your ${summary.month} summary`,
    intro: `In ${summary.month}, the profile of ${summary.organizationName} was viewed ${times(summary.views)}${change}, appeared ${times(summary.impressions)} in the directory's results, had its links followed ${times(summary.clicks)} and was shared ${times(summary.shares)}.${embeds(summary.embeds)} Known bots and link previewers are not in these numbers, nor are your own visits.`,
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
