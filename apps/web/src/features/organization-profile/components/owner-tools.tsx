import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { Pencil, Trash2 } from 'lucide-react';
import { organizationEditorTexts, paymentTexts, type Organization } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { forgetOrganization, useDeleteOrganization } from '../api/delete-organization';

/*
 * What only the owner of an organization sees on its profile: Edit and Delete, and why the
 * profile is not public. One lazy module: visitors never load it.
 */

const dangerButton =
  'inline-flex min-h-touch items-center justify-center gap-2 rounded-control bg-danger-ink px-4 font-semibold text-on-brand transition-colors hover:bg-danger-ink/90 disabled:cursor-not-allowed disabled:opacity-60 sm:min-h-10';
const dangerOutline =
  'inline-flex min-h-touch items-center justify-center gap-2 rounded-control border border-danger-line bg-surface px-3 text-sm font-semibold text-danger-ink transition-colors hover:border-danger-ink hover:bg-danger-soft sm:min-h-9';

/**
 * DECISIONS.md: an organization that is not published is visible to its owner, who is told why:
 * never paid for, lapsed (both with the one step back: plan selection), or held back by an
 * operator while its subscription is live.
 */
export function PublicationNotice({ organization }: { organization: Organization }) {
  if (organization.published) return null;
  const held = organization.paymentStatus === 'paid';
  const neverPaid = organization.subscriptionType === null;
  return (
    <Notice
      tone="info"
      testId="publication-notice"
      message={
        held
          ? organizationEditorTexts.notPublicHeld
          : neverPaid
            ? organizationEditorTexts.notPublicPending
            : organizationEditorTexts.notPublicLapsed
      }
    >
      {!held && (
        <Link
          // Plan selection opens only with SPEC.md's newly-created flag, kept in the address.
          to={`/payments/select/${encodeURIComponent(organization.id)}?new=1`}
          className="self-start font-semibold underline underline-offset-4"
        >
          {neverPaid ? paymentTexts.choosePlanLink : paymentTexts.resubscribe}
        </Link>
      )}
    </Notice>
  );
}

/**
 * Edit (to the editor) and Delete with its confirm dialog. A deletion goes to the dashboard with
 * SPEC.md's message; one that fails closes the dialog and is only logged (SPEC.md section 4).
 */
export function OwnerActions({ organization }: { organization: Organization }) {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteOrganization();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const busy = mutation.isPending || mutation.isSuccess;

  const confirm = () => {
    if (busy) return;
    mutation.mutate(organization.id, {
      onSuccess: async () => {
        await navigate('/profile', { state: { message: organizationEditorTexts.deleted } });
        await forgetOrganization(queryClient, organization.id);
      },
      onError: (error) => {
        console.error('Deleting the organization failed', error);
        setOpen(false);
      },
    });
  };

  return (
    <div className="flex flex-wrap gap-2" data-testid="owner-actions">
      <Link
        to={`/organizations/${organization.id}/edit`}
        className={buttonClasses('secondary', 'sm')}
      >
        <Pencil aria-hidden="true" className="size-4" />
        {organizationEditorTexts.editAction}
      </Link>
      <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <AlertDialog.Trigger className={dangerOutline}>
          <Trash2 aria-hidden="true" className="size-4" />
          {organizationEditorTexts.deleteAction}
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 motion-safe:data-[state=open]:animate-fade-in" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card bg-surface p-6 shadow-raised outline-none motion-safe:data-[state=open]:animate-fade-in">
            <AlertDialog.Title className="text-xl font-semibold text-danger-ink">
              {organizationEditorTexts.deleteTitle}
            </AlertDialog.Title>
            <AlertDialog.Description className="text-ink-muted">
              {organizationEditorTexts.deleteBody}
            </AlertDialog.Description>
            <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={busy}>
                {organizationEditorTexts.cancel}
              </AlertDialog.Cancel>
              <button
                type="button"
                className={dangerButton}
                onClick={confirm}
                disabled={busy}
                aria-busy={busy}
              >
                {busy ? <Spinner /> : null}
                {busy ? organizationEditorTexts.deleting : organizationEditorTexts.deleteAction}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
