import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { reportTexts, type Organization } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { FlagIcon } from '../../../components/ui/icons';

const loadDialog = () => import('./report-dialog');
// The form, its schema and the dialog load when a visitor means to report, not with the profile.
const ReportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ReportDialog })));

/** The profile's quiet 'Report this profile' (ADR 029). */
export function ReportProfile({
  organization,
}: {
  organization: Pick<Organization, 'id' | 'name'>;
}) {
  return <ReportButton organization={organization} label={reportTexts.action} />;
}

/**
 * A quiet report button and its lazy dialog, about the profile or one of its roles (ADR 045). It
 * needs a script, so without one it is not shown, nor before the app has hydrated (a tap then
 * would be lost); the dialog starts loading as soon as a pointer or the keyboard reaches it.
 */
export function ReportButton({
  organization,
  roleId,
  label,
}: {
  organization: Pick<Organization, 'id'>;
  roleId?: string;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Back to the button once the dialog has gone: radix returns focus to its own trigger only,
  // and this button cannot be one without loading the dialog with the profile.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const preload = () => void loadDialog();
  return (
    <div className="flex justify-end border-t border-line pt-4 no-js:hidden">
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        className="text-ink-muted unhydrated:invisible"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <FlagIcon className="size-4" />
        {label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            organization={organization}
            roleId={roleId}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
