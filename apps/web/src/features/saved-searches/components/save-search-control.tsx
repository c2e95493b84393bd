import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { saveSearchButtonTexts } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { BellPlusIcon } from '../../../components/ui/icons';

import type { SearchToSave } from './search-to-save';

const loadDialog = () => import('./save-search-dialog');
// The form, its schema and the dialog load when a visitor means to save, not with the directory.
const SaveSearchDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.SaveSearchDialog })),
);

export interface SaveSearchControlProps {
  /** The directory's search, or the open roles' (ADR 046). */
  search: SearchToSave;
  /** The filters as people read them ('“solar”', 'Climate Action', 'Kenya', 'Verified only'). */
  labels: string[];
  /**
   * A permanent account is signed in (true), a guest or nobody (false), or not known yet: the
   * home page does not load the session itself (the header does, on wide screens).
   */
  canSave: boolean | undefined;
  /** Asks for the session, when it was not known: whether a permanent account is signed in. */
  checkCanSave: () => Promise<boolean>;
}

/**
 * 'Save this search' beside the directory's filters (ADR 034) or the open roles' (ADR 046). A guest gets a link to sign in
 * that comes back to the same search. It needs a script, so without one it is not shown, nor
 * before the app has hydrated.
 */
export function SaveSearchControl({
  search,
  labels,
  canSave,
  checkCanSave,
}: SaveSearchControlProps) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const from = `${location.pathname}${location.search}`;
  const button = useRef<HTMLButtonElement>(null);
  const signInLink = useRef<HTMLAnchorElement>(null);
  const buttonFocused = useRef(false);
  const wasOpen = useRef(false);
  // Back to the button once the dialog has gone (radix returns focus to its own trigger only).
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  // The session can arrive while a keyboard user is on the button, which then becomes the link
  // to sign in: focus goes with it instead of falling back to the page.
  useEffect(() => {
    if (canSave !== false || !buttonFocused.current) return;
    buttonFocused.current = false;
    if (document.activeElement === document.body) signInLink.current?.focus();
  }, [canSave]);
  if (canSave === false) {
    return (
      <Link
        ref={signInLink}
        to="/login"
        state={{ from, message: saveSearchButtonTexts.signInToSave }}
        className={buttonClasses('secondary', 'sm', 'no-js:hidden')}
      >
        <BellPlusIcon className="size-4" />
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
        className="no-js:hidden unhydrated:invisible"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={() => {
          buttonFocused.current = true;
          preload();
        }}
        onBlur={(event) => {
          // A button taken out of the page blurs to nothing; a Tab or a click elsewhere does not.
          if (event.relatedTarget !== null) buttonFocused.current = false;
        }}
        onClick={() => {
          if (canSave) return setOpen(true);
          void checkCanSave().then((signedIn) =>
            signedIn
              ? setOpen(true)
              : navigate('/login', {
                  state: { from, message: saveSearchButtonTexts.signInToSave },
                }),
          );
        }}
      >
        <BellPlusIcon className="size-4" />
        {saveSearchButtonTexts.save}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog search={search} labels={labels} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
