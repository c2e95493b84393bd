import type { FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { organizationEditorTexts, organizationFormMessages } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import type { EditFormInput } from './form-rules';
import { blockingMessage, type SaveAlert } from './save-alerts';

/**
 * The bar pinned to the bottom of the screen: what the last Save said, then Save and Cancel.
 * While the form cannot be saved, it says why (following the fields' errors).
 */
export function EditorActions({
  alert,
  errors,
  busy,
  profilePath,
  onReload,
}: {
  alert: SaveAlert | null;
  errors: FieldErrors<EditFormInput>;
  /** A save is under way. */
  busy: boolean;
  profilePath: string;
  onReload: () => void;
}) {
  const saved = alert?.kind === 'saved';
  const blocking = alert?.kind === 'invalid' ? blockingMessage(errors) : null;
  return (
    <div
      data-testid="editor-actions"
      className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-card sm:border sm:px-5 sm:py-4"
    >
      {saved ? (
        <Notice tone="success" message={organizationEditorTexts.updated} />
      ) : blocking ? (
        <Notice tone="danger" message={blocking} testId="editor-invalid" />
      ) : alert?.kind === 'failed' ? (
        <Notice tone="danger" message={alert.message} />
      ) : alert?.kind === 'stale' ? (
        <Notice tone="danger" message={organizationFormMessages.staleVersion}>
          <Button variant="secondary" size="sm" className="w-fit" onClick={onReload}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {organizationEditorTexts.reload}
          </Button>
        </Notice>
      ) : null}
      {/*
       * Save first and on the left, where a thumb reaches it (toasts drop in at the top). One row at every
       * width, so that on a phone the bar keeps to one button's height.
       */}
      <div className="flex gap-3">
        <button
          type="submit"
          className={buttonClasses('primary', 'md', 'flex-1 sm:flex-none')}
          disabled={busy || saved}
          aria-busy={busy}
        >
          {busy ? <Spinner /> : null}
          {busy ? organizationEditorTexts.saving : organizationEditorTexts.saveChanges}
        </button>
        <Link to={profilePath} className={buttonClasses('secondary', 'md', 'flex-1 sm:flex-none')}>
          {organizationEditorTexts.cancel}
        </Link>
      </div>
    </div>
  );
}
