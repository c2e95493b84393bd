import { useState } from 'react';
import { Link } from 'react-router';
import { BellRing, Trash2 } from 'lucide-react';
import {
  savedRoleSearchTexts,
  savedRolesPath,
  savedSearchPath,
  savedSearchTexts,
  type SavedSearch,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListState } from '../../../components/ui/list-state';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDay } from '../../../lib/format-day';
import { showToast } from '../../../lib/toast';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { FilterSummary } from './filter-summary';

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-3">
      {[0, 1].map((row) => (
        <li key={row} className="flex flex-col gap-3 rounded-control border border-line p-4">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The account's saved searches (ADR 034, 046): each with what it follows (organizations or open
 * roles) and its filters, how often it emails and when it last did, a link back to the
 * directory or the open roles with those filters, and Delete behind a confirmation. `labelsOf`
 * names the filters (categories and countries by name: the page has them).
 */
export function SavedSearchList({ labelsOf }: { labelsOf: (search: SavedSearch) => string[] }) {
  const searches = useSavedSearches();
  if (searches.isPending) return <ListSkeleton />;
  if (searches.isError) {
    return (
      <ListState
        failed={savedSearchTexts.loadFailed}
        retryLabel={savedSearchTexts.retry}
        onRetry={() => void searches.refetch()}
      />
    );
  }
  if (searches.data.length === 0) {
    return (
      <ListState
        empty={savedSearchTexts.emptyTitle}
        frame="page"
        icon={<BellRing className="size-6" />}
        action={
          <Link to="/" className={buttonClasses('primary')}>
            {savedSearchTexts.toDirectory}
          </Link>
        }
      >
        <p className="text-ink-muted">{savedSearchTexts.empty}</p>
      </ListState>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {searches.data.map((search) => (
        <SavedSearchItem key={search.id} search={search} labels={labelsOf(search)} />
      ))}
    </ul>
  );
}

function SavedSearchItem({ search, labels }: { search: SavedSearch; labels: string[] }) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const removal = useDeleteSavedSearch();
  const roles = search.follows === 'roles';
  const remove = () =>
    removal.mutate(search.id, {
      onSuccess: () => {
        setConfirming(false);
        showToast('success', savedSearchTexts.removed);
      },
      onError: (error) => setFailure(error.message || savedSearchTexts.removeFailed),
    });
  return (
    <li className="flex flex-col gap-3 rounded-control border border-line p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="font-semibold break-words text-ink">{search.name}</h3>
        <p className="text-sm font-semibold text-ink-muted" data-testid="saved-search-follows">
          {roles ? savedRoleSearchTexts.follows : savedRoleSearchTexts.followsOrganizations}
        </p>
        <FilterSummary
          labels={labels}
          everything={roles ? savedRoleSearchTexts.everything : savedSearchTexts.everything}
        />
        <p className="text-sm text-ink-muted">
          {savedSearchTexts.frequency[search.frequency]} ·{' '}
          {savedSearchTexts.lastAlert(search.lastAlertAt && formatDay(search.lastAlertAt))} ·{' '}
          {savedSearchTexts.nextCheck(formatDay(search.nextAlertAt))}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Link
          to={
            search.follows === 'roles'
              ? savedRolesPath(search.filters)
              : savedSearchPath(search.filters)
          }
          className={buttonClasses('secondary', 'sm')}
        >
          {savedSearchTexts.open}
        </Link>
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => {
            if (removal.isPending) return;
            setFailure(null);
            setConfirming(open);
          }}
          trigger={
            <>
              <Trash2 aria-hidden="true" className="size-4" />
              {savedSearchTexts.remove}
            </>
          }
          triggerLabel={`${savedSearchTexts.remove} ${search.name}`}
          title={savedSearchTexts.confirmTitle}
          titleTone="danger"
          description={savedSearchTexts.confirm(search.name)}
          cancelLabel={savedSearchTexts.cancel}
          confirmLabel={savedSearchTexts.remove}
          busyLabel={savedSearchTexts.removing}
          busy={removal.isPending}
          onConfirm={remove}
        >
          {failure ? <Notice tone="danger" message={failure} /> : null}
        </ConfirmDialog>
      </div>
    </li>
  );
}
