import type { ReactNode } from 'react';
import { consoleTexts } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusCard } from '../../../components/ui/status-card';

/** Rows of grey while a console list loads. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-label={consoleTexts.loading} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-14 w-full" />
      ))}
    </div>
  );
}

/** A list or record that did not load: the server's message, and a way to ask again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error && error.message ? error.message : consoleTexts.loadFailed;
  return (
    <Notice tone="danger" message={message}>
      <Button variant="secondary" size="sm" className="w-fit" onClick={onRetry}>
        {consoleTexts.retry}
      </Button>
    </Notice>
  );
}

/** A list with nothing in it. */
export function EmptyList({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <StatusCard title={title} as="h3" className="max-w-none">
      {children}
    </StatusCard>
  );
}
