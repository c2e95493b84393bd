import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { consoleTexts } from '@si/contracts';
import { ListState } from '../../../components/ui/list-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { StatusCard } from '../../../components/ui/status-card';
import { ApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import type { ConsolePage } from '../api/console-page';
import { Pager } from './pager';

/**
 * Rows of grey while a console list loads, under a line that says what is loading ('Loading
 * subscriptions...'): a wait of seconds is named, not a bare 'Loading...'.
 */
export function ListSkeleton({
  rows = 5,
  label = consoleTexts.loading,
}: {
  rows?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm font-semibold text-ink-muted">
        <Spinner className="size-4" />
        {label}
      </p>
      <div aria-hidden="true" className="flex flex-col gap-3">
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} className="h-14 w-full" />
        ))}
      </div>
    </div>
  );
}

/** A list or record that did not load: the server's message, and a way to ask again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error && error.message ? error.message : consoleTexts.loadFailed;
  return <ListState failed={message} retryLabel={consoleTexts.retry} onRetry={onRetry} />;
}

/** A list with nothing in it. */
export function EmptyList({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <ListState empty={title} frame="page" as="h3" className="max-w-none">
      {children}
    </ListState>
  );
}

/**
 * A page of a console list as its query stands: grey while it loads, the failure with "Try
 * again", `empty` when it has no rows, else how many there are, the rows and the pager.
 */
export function ListBody<Row>({
  list,
  empty,
  onPage,
  loadingLabel,
  children,
}: {
  list: UseQueryResult<ConsolePage<Row>>;
  empty: ReactNode;
  onPage: (page: number) => void;
  /** What is loading, 'Loading reports...' (consoleTexts.loadingOf). */
  loadingLabel?: string;
  children: (rows: Row[]) => ReactNode;
}) {
  if (list.isPending) return <ListSkeleton label={loadingLabel} />;
  if (list.isError) return <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.data.length === 0) return <>{empty}</>;
  return (
    <>
      <p role="status" className="text-sm font-semibold text-ink-muted">
        {consoleTexts.resultCount(list.data.meta.total)}
      </p>
      {children(list.data.data)}
      <Pager {...list.data.meta} onPage={onPage} />
    </>
  );
}

export interface Column {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** Read by screen readers only (a column of buttons). */
  hidden?: boolean;
}

/** A console table's head row; `compact` for a table of many columns. */
export function TableHead({
  columns,
  className,
  compact = false,
}: {
  columns: Column[];
  className?: string;
  compact?: boolean;
}) {
  return (
    <thead className={cx('border-b border-line bg-sunken text-ink-muted', className)}>
      <tr>
        {columns.map(({ label, numeric, hidden }) => (
          <th
            key={label}
            scope="col"
            className={cx(
              'py-3 font-semibold',
              compact ? 'px-3' : 'px-4',
              numeric ? 'text-right' : undefined,
            )}
          >
            {hidden ? <span className="sr-only">{label}</span> : label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * One record's page as its query stands, under the way back to its list: grey while it loads,
 * `notFound` for a record that does not exist (or an id that cannot be one), the failure with
 * "Try again", else the record.
 */
export function RecordBody<Record>({
  record,
  back,
  notFound,
  loadingLabel,
  children,
}: {
  record: UseQueryResult<Record>;
  back: ReactNode;
  notFound: string;
  loadingLabel?: string;
  children: (data: Record) => ReactNode;
}) {
  const missing =
    record.error instanceof ApiError && (record.error.isNotFound || record.error.status === 400);
  return (
    <>
      {back}
      {record.isPending ? (
        <ListSkeleton rows={4} label={loadingLabel} />
      ) : record.isError ? (
        missing ? (
          <StatusCard title={notFound} as="h2" className="max-w-none" />
        ) : (
          <LoadFailed error={record.error} onRetry={() => void record.refetch()} />
        )
      ) : (
        children(record.data)
      )}
    </>
  );
}
