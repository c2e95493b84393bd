import { PageContainer } from '../../components/ui/page-container';
import { Skeleton } from '../../components/ui/skeleton';

/** Shown on the first load while a page's code and data arrive. */
export function PageFallback() {
  return (
    <PageContainer className="py-12">
      <div role="status" aria-label="Loading page">
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="mt-4 h-5 w-1/3" />
        <Skeleton className="mt-8 h-card rounded-card" />
      </div>
    </PageContainer>
  );
}
