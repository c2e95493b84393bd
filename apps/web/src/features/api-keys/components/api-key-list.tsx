import { useState } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import { apiKeyTexts as texts, type ApiKey } from '@si/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListState } from '../../../components/ui/list-state';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDay } from '../../../lib/format-day';
import { showToast } from '../../../lib/toast';
import { useRevokeApiKey } from '../api/api-keys';

/** The account's keys (ADR 055): name, start of the key, created, last used, Revoke. */
export function ApiKeyList({
  keys,
  failed,
  onRetry,
}: {
  keys: ApiKey[] | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  if (failed) {
    return <ListState failed={texts.loadFailed} retryLabel={texts.retry} onRetry={onRetry} />;
  }
  if (!keys) {
    return (
      <div aria-hidden="true" className="flex flex-col gap-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (keys.length === 0) {
    return <ListState empty={texts.empty} icon={<KeyRound className="size-6" />} />;
  }
  return (
    <ul aria-label={texts.listLabel} className="flex flex-col gap-3">
      {keys.map((key) => (
        <ApiKeyItem key={key.id} apiKey={key} />
      ))}
    </ul>
  );
}

function ApiKeyItem({ apiKey }: { apiKey: ApiKey }) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const revoke = useRevokeApiKey();
  const confirm = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        setConfirming(false);
        showToast('success', texts.revoked(apiKey.name));
      },
      onError: (error) => setFailure(error.message || texts.revokeFailed),
    });
  return (
    <li
      data-testid="api-key"
      className="flex flex-col gap-3 rounded-control border border-line p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="font-semibold break-words text-ink">{apiKey.name}</h3>
        <p className="font-mono text-sm text-ink-muted">{apiKey.start}…</p>
        <p className="text-sm text-ink-muted">
          {texts.created} {formatDay(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt
            ? `${texts.lastUsed} ${formatDay(apiKey.lastUsedAt)}`
            : texts.neverUsed}
        </p>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (revoke.isPending) return;
          setFailure(null);
          setConfirming(open);
        }}
        trigger={
          <>
            <Trash2 aria-hidden="true" className="size-4" />
            {texts.revoke}
          </>
        }
        triggerLabel={`${texts.revoke} ${apiKey.name}`}
        title={texts.revokeTitle(apiKey.name)}
        titleTone="danger"
        description={texts.revokeDescription}
        cancelLabel={texts.cancel}
        confirmLabel={texts.revokeConfirm}
        busyLabel={texts.revoking}
        busy={revoke.isPending}
        onConfirm={confirm}
      >
        {failure ? <Notice tone="danger" message={failure} /> : null}
      </ConfirmDialog>
    </li>
  );
}
