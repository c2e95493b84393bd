import { Link } from 'react-router';
import { consoleTexts, consoleValueNames, type AdminSubscriptionRow } from '@si/contracts';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useConsoleSubscriptions } from '../api/payments';
import { SectionHeading } from './console-shell';
import { formatDay, formatDollars } from './format-when';
import { GuestCodes } from './guest-codes';
import { ListSkeleton, LoadFailed, TableHead } from './list-states';
import { Card } from './organization-detail';
import { consoleOrganizationPath } from './organizations-page';
import { Pill } from './state-pill';

/**
 * /admin/payments: every organization's subscriptions (a table on wide screens, cards on
 * phones), and the guest codes. A refund is made on the organization's page
 * (organization-detail.tsx), beside the subscription it pays back.
 */
export function PaymentsPage() {
  const subscriptions = useConsoleSubscriptions();
  const wide = useMediaQuery('(min-width: 1024px)', true);
  return (
    <section aria-labelledby="console-payments" className="flex flex-col gap-5">
      <SectionHeading
        id="console-payments"
        title={consoleTexts.navPayments}
        intro={consoleTexts.paymentsIntro}
      />
      <Card id="console-payment-subscriptions" title={consoleTexts.subscriptionsHeading}>
        {subscriptions.isPending ? (
          <ListSkeleton rows={3} label={consoleTexts.loadingOf('subscriptions')} />
        ) : subscriptions.isError ? (
          <LoadFailed error={subscriptions.error} onRetry={() => void subscriptions.refetch()} />
        ) : subscriptions.data.length === 0 ? (
          <p className="text-ink-muted">{consoleTexts.noPaymentSubscriptions}</p>
        ) : (
          <>
            <p role="status" className="-mt-2 text-sm font-semibold text-ink-muted">
              {consoleTexts.resultCount(subscriptions.data.length)}
            </p>
            {wide ? (
              <SubscriptionTable rows={subscriptions.data} />
            ) : (
              <SubscriptionCards rows={subscriptions.data} />
            )}
          </>
        )}
      </Card>
      <GuestCodes />
    </section>
  );
}

const OrganizationLink = ({ row }: { row: AdminSubscriptionRow }) => (
  <Link
    to={consoleOrganizationPath(row.organizationId)}
    className="min-w-0 font-semibold break-words text-brand-ink underline-offset-4 hover:underline"
  >
    {row.organizationName}
  </Link>
);

const amount = (row: AdminSubscriptionRow) =>
  consoleTexts.perPeriod(formatDollars(row.amountCents), row.plan);
/** "Nov 25, 2026 – Dec 25, 2026", wrapping only after the dash. */
const Period = ({ row }: { row: AdminSubscriptionRow }) => (
  <>
    <span className="whitespace-nowrap">{formatDay(row.periodStart)} –</span>{' '}
    <span className="whitespace-nowrap">{formatDay(row.periodEnd)}</span>
  </>
);
const Published = ({ row }: { row: AdminSubscriptionRow }) =>
  row.published ? <Pill tone="success">{consoleTexts.yes}</Pill> : <>{consoleTexts.no}</>;

function SubscriptionTable({ rows }: { rows: AdminSubscriptionRow[] }) {
  const heads = [
    consoleTexts.organization,
    consoleTexts.plan,
    consoleTexts.amount,
    consoleTexts.provider,
    consoleTexts.status,
    consoleTexts.period,
    consoleTexts.grace,
    consoleTexts.published,
  ];
  return (
    <div className="overflow-x-auto rounded-control border border-line">
      <table className="w-full text-left text-sm">
        <TableHead compact columns={heads.map((label) => ({ label }))} />
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.id} className="align-top">
              <td className="max-w-64 min-w-44 px-3 py-3">
                <OrganizationLink row={row} />
              </td>
              <td className="px-3 py-3">{consoleValueNames.plan(row.plan)}</td>
              <td className="px-3 py-3 whitespace-nowrap tabular-nums">{amount(row)}</td>
              <td className="px-3 py-3">{consoleValueNames.provider(row.provider)}</td>
              <td className="px-3 py-3">{consoleValueNames.subscriptionStatus(row.status)}</td>
              <td className="px-3 py-3">
                <Period row={row} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                {row.graceUntil ? formatDay(row.graceUntil) : '–'}
              </td>
              <td className="px-3 py-3">
                <Published row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SubscriptionCards({ rows }: { rows: AdminSubscriptionRow[] }) {
  return (
    <ul className="flex flex-col divide-y divide-line">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-col gap-2 py-3 text-sm first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <OrganizationLink row={row} />
            {row.published ? (
              <Pill tone="success">{consoleTexts.published}</Pill>
            ) : (
              <Pill tone="muted">{consoleTexts.notPublished}</Pill>
            )}
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-ink-muted">{consoleTexts.plan}</dt>
            <dd>{consoleValueNames.plan(row.plan)}</dd>
            <dt className="text-ink-muted">{consoleTexts.amount}</dt>
            <dd className="tabular-nums">{amount(row)}</dd>
            <dt className="text-ink-muted">{consoleTexts.provider}</dt>
            <dd>{consoleValueNames.provider(row.provider)}</dd>
            <dt className="text-ink-muted">{consoleTexts.status}</dt>
            <dd>{consoleValueNames.subscriptionStatus(row.status)}</dd>
            <dt className="text-ink-muted">{consoleTexts.period}</dt>
            <dd>
              <Period row={row} />
            </dd>
            {row.graceUntil ? (
              <>
                <dt className="text-ink-muted">{consoleTexts.grace}</dt>
                <dd>{formatDay(row.graceUntil)}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
