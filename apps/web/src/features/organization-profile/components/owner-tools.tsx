import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { organizationEditorTexts, paymentTexts, type Organization } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { forgetOrganization, useDeleteOrganization } from '../api/delete-organization';

/*
 * What only the owner of an organization sees on its profile: Edit and Delete, and why the
 * profile is not public. One lazy module: visitors never load it.
 */

/**
 * docs/product.md#organization-profile: an organization that is not published is visible to its owner, who is told why:
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
          // Plan selection opens only with the product's newly-created flag, kept in the address.
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
 * The product's message; one that fails closes the dialog and is only logged (docs/product.md#organization-profile).
 */
export function OwnerActions({
  organization,
  canDelete,
}: {
  organization: Organization;
  /** An owner's; an editor gets Edit only (ADR 047). */
  canDelete: boolean;
}) {
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
      {canDelete ? (
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => !busy && setOpen(next)}
          trigger={
            <>
              <Trash2 aria-hidden="true" className="size-4" />
              {organizationEditorTexts.deleteAction}
            </>
          }
          title={organizationEditorTexts.deleteTitle}
          titleTone="danger"
          description={organizationEditorTexts.deleteBody}
          cancelLabel={organizationEditorTexts.cancel}
          confirmLabel={organizationEditorTexts.deleteAction}
          busyLabel={organizationEditorTexts.deleting}
          busy={busy}
          onConfirm={confirm}
        />
      ) : null}
    </div>
  );
}
