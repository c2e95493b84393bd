import { History } from 'lucide-react';
import { activityTexts as texts, describeActivity, type ActivityEntry } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { useActivity } from '../api/get-activity';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One entry: what happened, when, and the reason support gave. */
function ActivityItem({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0" data-testid="activity-entry">
      <p className="break-words text-ink">{describeActivity(entry)}</p>
      <p className="text-sm text-ink-muted">
        <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
      </p>
      {entry.details.reason ? (
        <p className="text-sm break-words text-ink-muted">
          {`${texts.reasonLabel}: ${entry.details.reason}`}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The organization's activity for its owners (ADR 048), newest first, older pages on request.
 * The server decides who may read it; a refusal shows as a failure to load.
 */
export function ActivityLog({ organizationId }: { organizationId: string }) {
  const activity = useActivity(organizationId);
  if (activity.isPending) return <Skeleton className="h-32" />;
  if (activity.isError) {
    return (
      <ListState
        failed={activity.error.message || texts.failed}
        retryLabel={texts.retry}
        onRetry={() => void activity.refetch()}
      />
    );
  }
  const entries = activity.data.pages.flatMap((page) => page.data);
  if (entries.length === 0) {
    return <ListState empty={texts.empty} icon={<History className="size-6" />} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col divide-y divide-line" aria-label={texts.title}>
        {entries.map((entry) => (
          <ActivityItem key={entry.id} entry={entry} />
        ))}
      </ol>
      {activity.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          className="w-fit"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activity.isFetchingNextPage ? <Spinner /> : null}
          {texts.more}
        </Button>
      ) : null}
    </div>
  );
}
