import { consoleTexts, type AdminEmail } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../lib/toast';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useConsoleEmails, useResendEmail } from '../api/emails';
import { SectionHeading } from './console-shell';
import { EmailText } from './email-text';
import { formatWhen } from './format-when';
import { EmptyList, ListBody, TableHead } from './list-states';
import { ListToggle } from './list-toggle';
import { useStatusList } from './use-list-search';
import { refusalOf } from './organization-detail';
import { Pill, type PillTone } from './state-pill';

const stateTones: Record<AdminEmail['state'], PillTone> = {
  queued: 'muted',
  sent: 'success',
  failed: 'danger',
};

/**
 * /admin/email: the outbox's recent emails or its failed ones, newest first, each sent again
 * with Resend while it can be. Which list and its page live in the address.
 */
export function EmailPage() {
  const { status, page, show } = useStatusList('recent', 'failed');
  const list = useConsoleEmails({ status, page });
  const wide = useMediaQuery('(min-width: 768px)', true);

  return (
    <section aria-labelledby="console-email" className="flex flex-col gap-5">
      <SectionHeading
        id="console-email"
        title={consoleTexts.navEmail}
        intro={consoleTexts.emailIntro}
      />
      <ListToggle
        label={consoleTexts.emailListLabel}
        value={status}
        options={[
          { value: 'recent', label: consoleTexts.recentEmails },
          { value: 'failed', label: consoleTexts.failedEmails },
        ]}
        onChange={(value) => show({ status: value })}
      />
      <ListBody
        loadingLabel={consoleTexts.loadingOf('emails')}
        list={list}
        empty={
          status === 'failed' ? (
            <EmptyList title={consoleTexts.noFailedEmails}>
              {consoleTexts.noFailedEmailsHint}
            </EmptyList>
          ) : (
            <EmptyList title={consoleTexts.noRecentEmails} />
          )
        }
        onPage={(next) => show({ page: next })}
      >
        {(emails) => (wide ? <EmailTable emails={emails} /> : <EmailCards emails={emails} />)}
      </ListBody>
    </section>
  );
}

/** Resend, where the email can be sent again; a toast says how it went. */
function ResendButton({ email }: { email: AdminEmail }) {
  const resend = useResendEmail();
  if (!email.resendable) return null;
  const busy = resend.isPending;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      aria-busy={busy}
      aria-label={`${consoleTexts.resend}: ${email.subject}, ${email.to}`}
      onClick={() =>
        resend.mutate(email.id, {
          onSuccess: () => showToast('success', consoleTexts.resent(email.to)),
          onError: (failure) => showToast('error', refusalOf(failure).message),
        })
      }
    >
      {busy ? <Spinner /> : null}
      {busy ? consoleTexts.resending : consoleTexts.resend}
    </Button>
  );
}

const StatePill = ({ email }: { email: AdminEmail }) => (
  <Pill tone={stateTones[email.state]}>{consoleTexts.emailStateNames[email.state]}</Pill>
);

function EmailTable({ emails }: { emails: AdminEmail[] }) {
  return (
    <div className="overflow-x-auto surface-card">
      <table className="w-full text-left text-sm">
        <TableHead
          columns={[
            { label: consoleTexts.when },
            { label: consoleTexts.emailColumn },
            { label: consoleTexts.state },
            { label: consoleTexts.attempts, numeric: true },
            { label: consoleTexts.lastError },
            { label: consoleTexts.actions, hidden: true },
          ]}
        />
        <tbody className="divide-y divide-line">
          {emails.map((email) => (
            <tr key={email.id} className="align-top" data-testid="email">
              <td className="px-4 py-3 whitespace-nowrap text-ink-muted">
                {formatWhen(email.createdAt)}
              </td>
              <td className="min-w-56 px-4 py-3">
                <span className="flex flex-col gap-0.5">
                  <span className="font-semibold break-words">{email.subject}</span>
                  <span className="text-ink-muted">
                    <span className="sr-only">{consoleTexts.to} </span>
                    <EmailText email={email.to} />
                  </span>
                </span>
              </td>
              <td className="px-4 py-3">
                <StatePill email={email} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{email.attempts}</td>
              <td className="max-w-56 px-4 py-3 break-words text-ink-muted">
                {email.lastError ?? '–'}
              </td>
              <td className="px-4 py-3 text-right">
                <ResendButton email={email} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EmailCards({ emails }: { emails: AdminEmail[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {emails.map((email) => (
        <li
          key={email.id}
          className="flex flex-col gap-2 surface-card p-4 text-sm"
          data-testid="email"
        >
          <div className="flex items-start justify-between gap-3">
            <span className="min-w-0 font-semibold break-words">{email.subject}</span>
            <StatePill email={email} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-ink-muted">{consoleTexts.to}</dt>
            <dd>
              <EmailText email={email.to} />
            </dd>
            <dt className="text-ink-muted">{consoleTexts.when}</dt>
            <dd>{formatWhen(email.createdAt)}</dd>
            <dt className="text-ink-muted">{consoleTexts.attempts}</dt>
            <dd className="tabular-nums">{email.attempts}</dd>
            {email.lastError ? (
              <>
                <dt className="text-ink-muted">{consoleTexts.lastError}</dt>
                <dd className="break-words">{email.lastError}</dd>
              </>
            ) : null}
          </dl>
          <div className="flex flex-col">
            <ResendButton email={email} />
          </div>
        </li>
      ))}
    </ul>
  );
}
