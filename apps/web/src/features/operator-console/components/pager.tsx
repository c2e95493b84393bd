import { ChevronLeft, ChevronRight } from 'lucide-react';
import { consoleTexts } from '@si/contracts';
import { Button } from '../../../components/ui/button';

/** Previous and next under a console list, with where the list is (meta from the API). */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={consoleTexts.pagerLabel} className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {consoleTexts.previous}
      </Button>
      <p className="text-sm text-ink-muted">{consoleTexts.pageOf(page, pages)}</p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {consoleTexts.next}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
