import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BellPlus } from 'lucide-react';
import { saveSearchButtonTexts, type SavedSearchFilters } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';

const loadDialog = () => import('./save-search-dialog');
// The form, its schema and the dialog load when a visitor means to save, not with the directory.
const SaveSearchDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.SaveSearchDialog })),
);

export interface SaveSearchControlProps {
  filters: SavedSearchFilters;
  /** The filters as people read them ('“solar”', 'Climate Action', 'Kenya', 'Verified only'). */
  labels: string[];
  /** A permanent account is signed in; a guest or nobody is asked to sign in first. */
  canSave: boolean;
}

/**
 * 'Save this search' beside the directory's filters (ADR 034). A guest gets a link to sign in
 * that comes back to the same search. It needs a script, so without one it is not shown.
 */
export function SaveSearchControl({ filters, labels, canSave }: SaveSearchControlProps) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Back to the button once the dialog has gone (radix returns focus to its own trigger only).
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!canSave) {
    return (
      <Link
        to="/login"
        state={{ from: `${location.pathname}${location.search}` }}
        className={buttonClasses('secondary', 'sm', 'no-js:hidden')}
      >
        <BellPlus aria-hidden="true" className="size-4" />
        {saveSearchButtonTexts.signInToSave}
      </Link>
    );
  }
  const preload = () => void loadDialog();
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        className="no-js:hidden"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <BellPlus aria-hidden="true" className="size-4" />
        {saveSearchButtonTexts.save}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog filters={filters} labels={labels} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
