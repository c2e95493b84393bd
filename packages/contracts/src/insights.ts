import { z } from 'zod';

/**
 * The outbound links a profile shows, each counted apart when a visitor follows it: its own
 * links, then its ways to support (ADR 042).
 */
export const outboundLinks = [
  'website',
  'linkedin',
  'twitter',
  'blog',
  'donate',
  'volunteer',
] as const;
export type OutboundLink = (typeof outboundLinks)[number];
export const OutboundLink = z.enum(outboundLinks);

/** The profile field each outbound link comes from. */
export const outboundLinkField = {
  website: 'websiteUrl',
  linkedin: 'linkedinUrl',
  twitter: 'twitterUrl',
  blog: 'blogUrl',
  donate: 'donateUrl',
  volunteer: 'volunteerUrl',
} as const satisfies Record<OutboundLink, string>;

/** Where a profile's outbound link goes through, so that a click is counted (ADR 031). */
export const outboundPath = (organizationId: string, link: OutboundLink) =>
  `/out/${encodeURIComponent(organizationId)}/${link}`;

/**
 * What is counted per organization and day: profile views, appearances in directory results,
 * clicks on each outbound link, share-card fetches, and fetches of its badge and card embedded
 * in other sites (ADR 052).
 */
export const insightMetrics = [
  'views',
  'impressions',
  'click_website',
  'click_linkedin',
  'click_twitter',
  'click_blog',
  'click_donate',
  'click_volunteer',
  'shares',
  'embeds',
] as const;
export type InsightMetric = (typeof insightMetrics)[number];

export const clickMetric = (link: OutboundLink): InsightMetric => `click_${link}`;

/** People, or known bots and link previewers (counted apart, never mixed in). */
export const insightAudiences = ['people', 'bots'] as const;
export type InsightAudience = (typeof insightAudiences)[number];

export const insightPeriods = [7, 30, 90] as const;
export type InsightPeriod = (typeof insightPeriods)[number];

export const InsightsQuery = z.strictObject({
  days: z.enum(['7', '30', '90']).default('30').transform(Number),
});

const Counts = z.object({
  views: z.number().int(),
  impressions: z.number().int(),
  clicks: z.object({
    website: z.number().int(),
    linkedin: z.number().int(),
    twitter: z.number().int(),
    blog: z.number().int(),
    donate: z.number().int(),
    volunteer: z.number().int(),
  }),
  shares: z.number().int(),
  /** Fetches of the badge and the card other sites embed (ADR 052). */
  embeds: z.number().int(),
});
export type InsightCounts = z.infer<typeof Counts>;

// Marked pure: a call on a schema is kept by the bundler otherwise, and with it zod, in every page
// that imports this module for its texts or paths (a profile's outbound links, ADR 039).
export const InsightsDay = /* @__PURE__ */ Counts.extend({
  day: z.string().describe('YYYY-MM-DD, UTC'),
});
export type InsightsDay = z.infer<typeof InsightsDay>;

export const Insights = z.object({
  organizationId: z.string(),
  days: z.number().int(),
  /** The first and last day shown (UTC), the last being today. */
  from: z.string(),
  to: z.string(),
  /** People only, one entry per day from `from` to `to`, days without any count as zeros. */
  daily: z.array(InsightsDay),
  totals: Counts,
  /** The same number of days just before `from`. */
  previous: Counts,
  /** Known bots and link previewers over the period, counted apart. */
  bots: Counts,
  /** Whether the owner receives the monthly summary by email. */
  monthlyEmail: z.boolean(),
});
export type Insights = z.infer<typeof Insights>;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** Every word of an owner's insights page (the dashboard) and the monthly summary. */
export const insightsTexts = {
  pageTitle: 'Insights',
  title: (name: string) => `Insights: ${name}`,
  intro:
    'What your profile earned: counted without cookies, and without keeping anything about your visitors. Your own visits are not counted.',
  open: 'Insights',
  back: 'My Organizations',
  period: 'Period',
  lastDays: (days: number) => `Last ${days} days`,
  periodLabel: (days: number) => `${days} days`,
  metrics: {
    views: 'Profile views',
    impressions: 'Impressions',
    clicks: 'Link clicks',
    shares: 'Shares',
    embeds: 'Embeds',
  },
  metricHelp: {
    views: 'Visits to your profile page.',
    impressions: 'Times your card was shown in the directory’s results.',
    clicks: 'Visitors who followed a link from your profile.',
    shares: 'Previews of your profile drawn by LinkedIn, Slack, X and others.',
    embeds: 'Times your badge or card was shown on another site.',
  },
  links: {
    website: 'Website',
    linkedin: 'LinkedIn',
    twitter: 'Twitter',
    blog: 'Blog',
    donate: 'Donate',
    volunteer: 'Volunteer',
  },
  clicksByLink: 'Clicks by link',
  chartLabel: (metric: string, days: number) => `${metric} per day, last ${days} days`,
  showTable: 'Show the numbers as a table',
  day: 'Day',
  change: (current: number, previous: number) => {
    if (previous === 0) return current === 0 ? 'No change' : 'New this period';
    const percent = Math.round(((current - previous) / previous) * 100);
    if (percent === 0) return 'No change';
    return `${percent > 0 ? '+' : ''}${percent}% vs previous period`;
  },
  previous: (count: number) => `Previous period: ${count.toLocaleString('en-US')}`,
  empty:
    'Nothing counted in this period yet. Views, impressions, clicks, shares and embeds show here as visitors find your profile.',
  bots: (views: number, shares: number) =>
    `Known bots and link previewers are counted apart: ${plural(views, 'view', 'views')} and ${plural(shares, 'preview fetch', 'preview fetches')} in this period.`,
  downloadCsv: 'Download CSV',
  monthlyEmail: 'Email me a monthly summary',
  monthlyEmailHelp:
    'Sent on the first of each month. Turn it off here or with one click from the email.',
  monthlyEmailSaved: (on: boolean) =>
    on ? 'Monthly summary turned on' : 'Monthly summary turned off',
  monthlyEmailFailed: 'Failed to save your email setting. Please try again.',
  failed: 'Failed to load the insights. Please try again later.',
  notFoundTitle: 'No insights here',
  notFound:
    'This organization is not one of yours, or it no longer exists. Your organizations and their insights are under My Organizations.',
} as const;
