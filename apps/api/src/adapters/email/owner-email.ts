import type { EmailFooter } from './action-email.ts';

/** The owner's organizations and subscriptions, where every payment email sends them. */
export const dashboardLink = (publicUrl: string) => `${publicUrl}/dashboard/organizations`;
export const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** What every email to an organization's owner about it names. */
export interface PaymentEmail extends EmailFooter {
  to: string;
  organizationName: string;
  publicUrl: string;
}
