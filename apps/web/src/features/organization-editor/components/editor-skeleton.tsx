import { organizationEditorTexts } from '@si/contracts';
import { Skeleton } from '../../../components/ui/skeleton';

/** Loading placeholder with the shape of the editor: heading, then cards of fields. */
export function EditorSkeleton() {
  return (
    <div
      role="status"
      aria-label={organizationEditorTexts.loadingEditor}
      className="flex flex-col gap-6"
    >
      <Skeleton className="h-10 w-2/3 max-w-md" />
      <Skeleton className="h-6 w-1/3 max-w-xs" />
      {[0, 1, 2].map((card) => (
        <div key={card} className="flex flex-col gap-4 surface-card p-5 sm:p-6">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-12 w-1/2" />
        </div>
      ))}
    </div>
  );
}
