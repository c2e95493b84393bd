import { ExternalLink, Receipt } from 'lucide-react';
import { dashboardTexts, formatMoney, paymentTexts, plans, type Invoice } from '@si/contracts';
import { ListState } from '../../../components/ui/list-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyInvoices } from '../api/get-invoices';
import { formatDate } from './format-date';

function ReceiptLink({ invoice }: { invoice: Invoice }) {
  // The built-in test checkout took no money: the provider has no page for its payments.
  if (!invoice.url) {
    return <span className="text-ink-subtle">{paymentTexts.noReceiptPage}</span>;
  }
  return (
    <a
      href={invoice.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-semibold text-brand-ink underline-offset-4 hover:underline"
    >
      {paymentTexts.viewReceipt}
      <ExternalLink aria-hidden="true" className="size-3.5" />
    </a>
  );
}

/**
 * Past invoices under My Subscriptions (docs/product.md#payments-and-subscriptions): each
 * payment of the owner's organizations, newest first, with its amount, when it was paid, the
 * period it bought and the provider's receipt, which opens in a new tab; loading, empty and
 * error states.
 */
export function InvoiceList() {
  const query = useMyInvoices();
  if (query.isPending) {
    return (
      <div aria-hidden="true" className="flex flex-col gap-2" data-testid="invoices-loading">
        {[0, 1].map((row) => (
          <Skeleton key={row} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ListState
        failed={paymentTexts.invoicesFailed}
        retryLabel={dashboardTexts.retry}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <ListState
        empty={paymentTexts.invoicesEmpty}
        icon={<Receipt className="size-6" />}
        frame="compact"
      />
    );
  }
  return (
    <ul
      className="flex flex-col divide-y divide-line rounded-control border border-line"
      data-testid="invoices"
    >
      {query.data.map((invoice) => (
        <li
          key={invoice.id}
          data-testid="invoice"
          className="grid grid-cols-2 gap-x-4 gap-y-2 p-4 text-sm sm:grid-cols-[2fr_1fr_1fr_2fr_auto] sm:items-center"
        >
          <div className="col-span-2 flex min-w-0 flex-col sm:col-span-1">
            <span className="truncate font-semibold text-ink">{invoice.organizationName}</span>
            <span className="text-ink-subtle">{plans[invoice.plan].name}</span>
          </div>
          <div className="flex flex-col">
            <span className="text-ink-subtle">{paymentTexts.invoiceAmount}</span>
            <span className="font-semibold text-ink">
              {formatMoney(invoice.amountCents, invoice.currency)}
            </span>
          </div>
          <div className="flex flex-col">
            <span className="text-ink-subtle">{paymentTexts.invoicePaid}</span>
            <span className="text-ink">{formatDate(invoice.paidAt)}</span>
          </div>
          <div className="col-span-2 flex flex-col sm:col-span-1">
            <span className="text-ink-subtle">{paymentTexts.invoicePeriod}</span>
            <span className="text-ink">
              {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
            </span>
          </div>
          <div className="col-span-2 sm:col-span-1 sm:text-right">
            <ReceiptLink invoice={invoice} />
          </div>
        </li>
      ))}
    </ul>
  );
}
