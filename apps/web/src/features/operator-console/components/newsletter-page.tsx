import { useState, type FormEvent } from 'react';
import { Download } from 'lucide-react';
import {
  NEWSLETTER_LINE_MAX,
  consoleTexts,
  type AdminNewsletter,
  type AdminNewsletterSubscriber,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CountedTextArea } from '../../../components/ui/counted-text-area';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../lib/toast';
import {
  newsletterCsvUrl,
  useNewsletter,
  useRemoveSubscriber,
  useSaveDigestLine,
  useSubscribers,
} from '../api/newsletter';
import { SectionHeading } from './console-shell';
import { EmailText } from './email-text';
import { formatDay, formatWhen } from './format-when';
import { NextDigest } from './next-digest';
import { EmptyList, ListBody, LoadFailed } from './list-states';
import { refusalOf } from './organization-detail';
import { SearchForm } from './search-form';
import { Pill } from './state-pill';
import { useListSearch } from './use-list-search';

const monthOf = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * /admin/newsletter: the counts, the last digest and how it went, the next one (sent now if
 * wished), its line, the CSV of the confirmed addresses, and every address with Remove (each
 * audited).
 */
export function NewsletterPage() {
  const newsletter = useNewsletter();
  return (
    <section aria-labelledby="console-newsletter" className="flex flex-col gap-5">
      <SectionHeading
        id="console-newsletter"
        title={consoleTexts.navNewsletter}
        intro={consoleTexts.newsletterIntro}
      />
      {newsletter.isError ? (
        <LoadFailed error={newsletter.error} onRetry={() => void newsletter.refetch()} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Figure label={consoleTexts.confirmedSubscribers} value={newsletter.data?.confirmed} />
            <Figure label={consoleTexts.pendingSubscribers} value={newsletter.data?.pending} />
          </div>
          <LastDigest digest={newsletter.data?.lastDigest} />
          <NextDigest />
          {newsletter.data ? <DigestLineForm saved={newsletter.data.digestLine} /> : null}
          <div className="flex flex-col gap-3 surface-card p-5 sm:p-6">
            <p className="max-w-prose text-ink-muted">{consoleTexts.csvHint}</p>
            <a href={newsletterCsvUrl} download className={buttonClasses('primary', 'md', 'w-fit')}>
              <Download aria-hidden="true" className="size-5" />
              {consoleTexts.downloadCsv}
            </a>
          </div>
        </>
      )}
      <Subscribers />
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <dl className="flex flex-col gap-1 surface-card p-5 sm:p-6">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="text-4xl font-semibold tracking-tight tabular-nums">
        {value === undefined ? <Skeleton className="h-10 w-24" /> : value.toLocaleString('en-US')}
      </dd>
    </dl>
  );
}

function LastDigest({ digest }: { digest: AdminNewsletter['lastDigest'] | undefined }) {
  let body;
  if (digest === undefined) body = <Skeleton className="h-12 w-full" />;
  else if (digest === null) body = <p className="text-ink-muted">{consoleTexts.noDigestYet}</p>;
  else {
    const outcome =
      digest.finishedAt === null
        ? consoleTexts.digestSending
        : digest.organizations === 0
          ? consoleTexts.digestNothingNew
          : consoleTexts.digestOutcome(digest.sent, digest.failed, digest.waiting);
    body = (
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{consoleTexts.digestOf(monthOf(digest.month))}</p>
        <p className="text-ink-muted">
          {consoleTexts.digestStarted(formatWhen(digest.startedAt))} ·{' '}
          {consoleTexts.digestQueued(digest.queued, digest.organizations)}
        </p>
        <p data-testid="digest-outcome">
          <Pill
            tone={digest.finishedAt === null ? 'muted' : digest.failed > 0 ? 'danger' : 'success'}
          >
            {outcome}
          </Pill>
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 surface-card p-5 sm:p-6">
      <h3 className="text-sm font-semibold text-ink-muted">{consoleTexts.lastDigest}</h3>
      {body}
    </div>
  );
}

function DigestLineForm({ saved }: { saved: string }) {
  const [line, setLine] = useState(saved);
  const save = useSaveDigestLine();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(line.trim(), {
      onSuccess: () => showToast('success', consoleTexts.lineSaved),
      onError: (failure) => showToast('error', refusalOf(failure).message),
    });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 surface-card p-5 sm:p-6">
      <CountedTextArea
        label={consoleTexts.digestLineLabel}
        hint={consoleTexts.digestLineHint}
        maxChars={NEWSLETTER_LINE_MAX}
        maxLength={NEWSLETTER_LINE_MAX}
        length={line.length}
        remainingText={consoleTexts.digestLineRemaining}
        rows={2}
        value={line}
        onChange={(event) => setLine(event.target.value)}
      />
      <Button
        type="submit"
        className="w-fit"
        disabled={save.isPending || line.trim() === saved}
        aria-busy={save.isPending}
      >
        {save.isPending ? <Spinner /> : null}
        {save.isPending ? consoleTexts.savingLine : consoleTexts.saveLine}
      </Button>
    </form>
  );
}

function Subscribers() {
  const { q, page, show } = useListSearch();
  const list = useSubscribers({ q, page });
  return (
    <div className="flex flex-col gap-4">
      <SearchForm
        initialText={q}
        placeholder={consoleTexts.subscriberSearchPlaceholder}
        onSearch={(text) => show({ q: text, page: 1 })}
      />
      <ListBody
        list={list}
        empty={
          <EmptyList title={consoleTexts.noSubscribers}>{consoleTexts.noSubscribersHint}</EmptyList>
        }
        onPage={(next) => show({ page: next })}
      >
        {(rows) => (
          <ul className="flex flex-col divide-y divide-line surface-card">
            {rows.map((row) => (
              <SubscriberRow key={row.id} subscriber={row} />
            ))}
          </ul>
        )}
      </ListBody>
    </div>
  );
}

function SubscriberRow({ subscriber }: { subscriber: AdminNewsletterSubscriber }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveSubscriber();
  return (
    <li
      className="flex flex-col gap-2 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="subscriber"
    >
      <span className="flex min-w-0 flex-col gap-1">
        <span className="font-semibold break-words">
          <EmailText email={subscriber.email} />
        </span>
        <span className="flex flex-wrap items-center gap-2 text-ink-muted">
          <Pill tone={subscriber.state === 'confirmed' ? 'success' : 'muted'}>
            {consoleTexts.subscriberStateNames[subscriber.state]}
          </Pill>
          {consoleTexts.subscribedColumn} {formatDay(subscriber.subscribedAt)}
        </span>
      </span>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={consoleTexts.removeSubscriber}
        triggerLabel={`${consoleTexts.removeSubscriber} ${subscriber.email}`}
        title={consoleTexts.removeSubscriberTitle}
        titleTone="danger"
        description={consoleTexts.removeSubscriberText(subscriber.email)}
        cancelLabel={consoleTexts.cancel}
        confirmLabel={consoleTexts.removeSubscriber}
        busyLabel={consoleTexts.removingSubscriber}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(subscriber.id, {
            onSuccess: () => {
              setOpen(false);
              showToast('success', consoleTexts.subscriberRemoved(subscriber.email));
            },
            onError: (failure) => showToast('error', refusalOf(failure).message),
          })
        }
      />
    </li>
  );
}
