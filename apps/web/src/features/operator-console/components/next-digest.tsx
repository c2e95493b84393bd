import { useState } from 'react';
import { digestTexts, type AdminDigestPreview } from '@si/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../lib/toast';
import { useDigestPreview, useSendDigest } from '../api/newsletter';
import { LoadFailed } from './list-states';
import { refusalOf } from './organization-detail';

/** The organizations named here; the email names them all. */
const LISTED = 20;

const monthOf = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The newsletter page's next digest (ADR 037): its subject, line, organizations and
 * recipients, and Send now behind a confirmation, or why it cannot be sent now.
 */
export function NextDigest() {
  const preview = useDigestPreview();
  return (
    <section
      aria-labelledby="next-digest"
      className="flex flex-col gap-3 surface-card p-5 sm:p-6"
      data-testid="next-digest"
    >
      <h3 id="next-digest" className="text-sm font-semibold text-ink-muted">
        {digestTexts.nextDigest}
      </h3>
      {preview.isError ? (
        <LoadFailed error={preview.error} onRetry={() => void preview.refetch()} />
      ) : preview.data ? (
        <DigestBody digest={preview.data} />
      ) : (
        <Skeleton className="h-24 w-full" />
      )}
    </section>
  );
}

function DigestBody({ digest }: { digest: AdminDigestPreview }) {
  const month = monthOf(digest.month);
  return (
    <>
      <p className="max-w-prose text-sm text-ink-muted">{digestTexts.nextDigestIntro}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink-muted">{digestTexts.previewOf(month)}</dt>
        <dd>{digestTexts.recipients(digest.recipients)}</dd>
        <dt className="font-semibold text-ink-muted">{digestTexts.subjectLabel}</dt>
        <dd className="break-words">{digest.subject}</dd>
      </dl>
      <p className="text-sm break-words">{digest.line || digestTexts.noLine}</p>
      {digest.organizations.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold text-ink-muted">
            {digestTexts.organizationsHeading}
          </h4>
          <ul className="flex flex-col gap-2 text-sm">
            {digest.organizations.slice(0, LISTED).map((organization) => (
              <li key={organization.id} className="flex flex-col">
                <span className="font-semibold break-words">{organization.name}</span>
                <span className="break-words text-ink-muted">{organization.line}</span>
              </li>
            ))}
          </ul>
          {digest.organizations.length > LISTED ? (
            <p className="text-sm text-ink-muted">
              {digestTexts.more(digest.organizations.length - LISTED)}
            </p>
          ) : null}
        </div>
      ) : null}
      {digest.refusal ? (
        <p role="status" className="max-w-prose text-sm text-ink-muted">
          {digest.refusal}
        </p>
      ) : (
        <SendNow month={month} recipients={digest.recipients} />
      )}
    </>
  );
}

function SendNow({ month, recipients }: { month: string; recipients: number }) {
  const [open, setOpen] = useState(false);
  const send = useSendDigest();
  return (
    <div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={digestTexts.sendNow}
        title={digestTexts.sendNowTitle}
        description={digestTexts.sendNowText(month, recipients)}
        cancelLabel={digestTexts.cancel}
        confirmLabel={digestTexts.sendNow}
        busyLabel={digestTexts.sendingNow}
        busy={send.isPending}
        onConfirm={() =>
          send.mutate(undefined, {
            onSuccess: (sent) => {
              setOpen(false);
              showToast('success', digestTexts.sent(monthOf(sent.month), sent.queued));
            },
            onError: (failure) => {
              setOpen(false);
              showToast('error', refusalOf(failure).message);
            },
          })
        }
      />
    </div>
  );
}
