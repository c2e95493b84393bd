import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import {
  DISPLAY_NAME_MAX_LENGTH,
  dashboardTexts,
  passwordMessages,
  signInMethodNames,
  type CurrentUser,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../lib/toast';
import { useUpdateDisplayName } from '../api/update-profile';
import { DashboardSection } from './dashboard-shell';

const DisplayNameForm = z.object({
  displayName: z.string().trim().max(DISPLAY_NAME_MAX_LENGTH, dashboardTexts.displayNameTooLong),
});
type DisplayNameValues = z.input<typeof DisplayNameForm>;

const memberSinceFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** 'Email and password', 'Google', 'GitHub', joined when several are linked. */
function signInMethodLabel(user: CurrentUser): string {
  return user.providers.map((provider) => signInMethodNames[provider]).join(', ') || '—';
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-t border-line py-4 first:border-t-0 first:pt-0 sm:grid sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="font-semibold text-ink-muted">{label}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}

function DisplayNameEditor({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const mutation = useUpdateDisplayName();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DisplayNameValues, unknown, z.output<typeof DisplayNameForm>>({
    resolver: zodResolver(DisplayNameForm),
    mode: 'onTouched',
    defaultValues: { displayName: user.displayName ?? '' },
  });
  const onSubmit = handleSubmit(({ displayName }) => {
    if (mutation.isPending) return;
    mutation.mutate(displayName, {
      onSuccess: () => {
        showToast('success', passwordMessages.profileUpdated);
        onDone();
      },
      onError: () => showToast('error', passwordMessages.profileUpdateFailed),
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <TextField
        label={dashboardTexts.displayName}
        className="[&>label]:sr-only"
        autoComplete="name"
        autoFocus
        maxLength={DISPLAY_NAME_MAX_LENGTH + 20}
        error={errors.displayName?.message}
        {...register('displayName')}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          size="sm"
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
        >
          {mutation.isPending ? <Spinner /> : null}
          {mutation.isPending ? dashboardTexts.saving : dashboardTexts.save}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone} disabled={mutation.isPending}>
          {dashboardTexts.cancel}
        </Button>
      </div>
    </form>
  );
}

/** Profile Information: display name (view and edit), email, verification, sign-in method, member since. */
export function ProfileInformation({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <DashboardSection id="profile-information" title={dashboardTexts.profileInformation}>
      <dl>
        <Row label={dashboardTexts.displayName}>
          {editing ? (
            <DisplayNameEditor user={user} onDone={() => setEditing(false)} />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span className={user.displayName ? 'break-words' : 'text-ink-subtle'}>
                {user.displayName || dashboardTexts.displayNameNotSet}
              </span>
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                {dashboardTexts.edit}
              </Button>
            </div>
          )}
        </Row>
        <Row label={dashboardTexts.email}>
          <span className="break-all">{user.email}</span>
        </Row>
        <Row label={dashboardTexts.emailVerification}>
          {user.emailVerified ? (
            <span className="inline-flex items-center gap-1.5 font-semibold text-success-ink">
              <BadgeCheck aria-hidden="true" className="size-5" />
              {dashboardTexts.verified}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1.5 font-semibold text-danger-ink">
              <CircleAlert aria-hidden="true" className="size-5" />
              {dashboardTexts.notVerified}
            </span>
          )}
        </Row>
        <Row label={dashboardTexts.signInMethod}>{signInMethodLabel(user)}</Row>
        <Row label={dashboardTexts.memberSince}>
          {memberSinceFormat.format(new Date(user.createdAt))}
        </Row>
      </dl>
    </DashboardSection>
  );
}
