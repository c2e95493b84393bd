import { plans } from '@si/contracts';
import { dayOf } from '../roles/role-calendar.ts';
import type { ConsoleContext } from './console-context.ts';

/**
 * The business on one screen: organizations by state, revenue by plan, open reports, roles by
 * status and 90 days of activity, each figure read from the module that owns it.
 */
export function createOverview({ repository, now }: Pick<ConsoleContext, 'repository' | 'now'>) {
  return async function overview() {
    const at = now();
    const [organizations, subscriptions, signUps, openReports, roles] = await Promise.all([
      repository.organizationFigures(at),
      repository.subscriptionFigures(at),
      repository.signUpFigures(at),
      repository.openReportCount(),
      repository.roleFigures(dayOf(at)),
    ]);
    const signUpsOn = new Map(signUps.days.map((day) => [day.day, day.signUps]));
    const monthly = plans.monthly.amountCents;
    const yearly = plans.annual.amountCents;
    const { monthly: monthlyCount, yearly: yearlyCount } = subscriptions;
    return {
      organizations: {
        published: organizations.published,
        lapsing: subscriptions.lapsing,
        lapsed: organizations.lapsed,
        unpaid: organizations.unpaid,
        held: organizations.held,
      },
      newUsers30Days: signUps.new_users,
      newOrganizations30Days: organizations.new_organizations,
      monthlyRecurringCents: monthlyCount * monthly + Math.round((yearlyCount * yearly) / 12),
      activeSubscriptions: {
        monthly: monthlyCount,
        yearly: yearlyCount,
        guest: subscriptions.guest,
      },
      openReports,
      roles,
      days: subscriptions.days.map((day) => ({
        day: day.day,
        signUps: Number(signUpsOn.get(day.day) ?? 0),
        publications: Number(day.publications),
        revenueCents: Number(day.newMonthly) * monthly + Number(day.newYearly) * yearly,
      })),
    };
  };
}
