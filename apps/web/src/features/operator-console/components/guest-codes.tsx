import { useState, type FormEvent } from 'react';
import { consoleTexts, CreateGuestCodeRequest, type AdminGuestCode } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useCreateGuestCode, useDisableGuestCode, useGuestCodes } from '../api/payments';
import { formatDay } from './format-when';
import { ListSkeleton, LoadFailed, TableHead } from './list-states';
import { Card, refusalOf } from './organization-detail';
import { ReasonDialog } from './reason-dialog';
import { Pill, type PillTone } from './state-pill';

const stateTones: Record<AdminGuestCode['state'], PillTone> = {
  active: 'success',
  expired: 'muted',
  'used up': 'warning',
  disabled: 'danger',
};

type Field = keyof CreateGuestCodeRequest;
const emptyForm: Record<Field, string> = { code: '', maxUses: '', grantMonths: '', lastDay: '' };

/** The guest codes: their state and uses, a form to create one, Disable with a reason. */
export function GuestCodes() {
  const codes = useGuestCodes();
  const wide = useMediaQuery('(min-width: 768px)', true);
  return (
    <Card id="console-guest-codes" title={consoleTexts.guestCodesHeading}>
      <p className="-mt-2 text-ink-muted">{consoleTexts.guestCodesIntro}</p>
      {codes.isPending ? (
        <ListSkeleton rows={3} label={consoleTexts.loadingOf('guest codes')} />
      ) : codes.isError ? (
        <LoadFailed error={codes.error} onRetry={() => void codes.refetch()} />
      ) : codes.data.length === 0 ? (
        <p className="text-ink-muted">{consoleTexts.noGuestCodes}</p>
      ) : wide ? (
        <GuestCodeTable codes={codes.data} />
      ) : (
        <GuestCodeCards codes={codes.data} />
      )}
      <CreateGuestCodeForm />
    </Card>
  );
}

function CreateGuestCodeForm() {
  const create = useCreateGuestCode();
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = CreateGuestCodeRequest.safeParse({
      code: form.code,
      maxUses: Number(form.maxUses || 0),
      grantMonths: Number(form.grantMonths || 0),
      lastDay: form.lastDay,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setRefusal(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        showToast('success', consoleTexts.guestCodeCreated(parsed.data.code));
        setForm(emptyForm);
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.fields) {
          setErrors(failure.fields as Partial<Record<Field, string>>);
        }
        setRefusal(refusalOf(failure).message);
      },
    });
  };

  const field = (name: Field) => ({
    value: form[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="console-create-guest-code"
      className="flex flex-col gap-4 rounded-control border border-line bg-canvas p-4"
    >
      <h4 id="console-create-guest-code" className="font-semibold">
        {consoleTexts.createGuestCode}
      </h4>
      {refusal ? <Notice tone="danger" message={refusal} /> : null}
      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        <TextField
          className="col-span-2 sm:col-span-1"
          label={consoleTexts.code}
          hint={consoleTexts.codeHint}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          {...field('code')}
        />
        <TextField
          label={consoleTexts.uses}
          hint={consoleTexts.usesHint}
          type="number"
          inputMode="numeric"
          min={1}
          {...field('maxUses')}
        />
        <TextField
          label={consoleTexts.months}
          hint={consoleTexts.monthsHint}
          type="number"
          inputMode="numeric"
          min={1}
          {...field('grantMonths')}
        />
        <TextField
          className="col-span-2 sm:col-span-1"
          label={consoleTexts.lastDay}
          hint={consoleTexts.lastDayHint}
          type="date"
          {...field('lastDay')}
        />
      </div>
      <Button
        type="submit"
        className="w-full sm:w-fit"
        disabled={create.isPending}
        aria-busy={create.isPending}
      >
        {create.isPending ? <Spinner /> : null}
        {create.isPending ? consoleTexts.creatingGuestCode : consoleTexts.createGuestCode}
      </Button>
    </form>
  );
}

function DisableGuestCode({ code }: { code: AdminGuestCode }) {
  const disable = useDisableGuestCode();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (code.state !== 'active') return null;
  return (
    <ReasonDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      triggerLabel={consoleTexts.disableCode}
      triggerClassName={buttonClasses('secondary', 'sm')}
      title={consoleTexts.disableCodeTitle(code.code)}
      description={consoleTexts.disableCodeDescription}
      reasonHint={consoleTexts.reasonHint}
      confirmLabel={consoleTexts.disableCode}
      busyLabel={consoleTexts.disabling}
      busy={disable.isPending}
      error={error}
      onSubmit={(reason) =>
        disable.mutate(
          { code: code.code, reason },
          {
            onSuccess: () => {
              setOpen(false);
              showToast('success', consoleTexts.codeDisabled(code.code));
            },
            onError: (failure) => setError(refusalOf(failure).message),
          },
        )
      }
    />
  );
}

const CodeState = ({ code }: { code: AdminGuestCode }) => (
  <Pill tone={stateTones[code.state]}>{consoleTexts.guestCodeStateNames[code.state]}</Pill>
);

function GuestCodeTable({ codes }: { codes: AdminGuestCode[] }) {
  return (
    <div className="overflow-x-auto rounded-control border border-line">
      <table className="w-full text-left text-sm">
        <TableHead
          columns={[
            { label: consoleTexts.code },
            { label: consoleTexts.state },
            { label: consoleTexts.uses, numeric: true },
            { label: consoleTexts.months, numeric: true },
            { label: consoleTexts.lastDay },
            { label: consoleTexts.actions, hidden: true },
          ]}
        />
        <tbody className="divide-y divide-line">
          {codes.map((code) => (
            <tr key={code.code} className="align-middle" data-testid="guest-code">
              <td className="px-4 py-3 font-mono font-semibold break-all">{code.code}</td>
              <td className="px-4 py-3">
                <CodeState code={code} />
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                {consoleTexts.usesOf(code.uses, code.maxUses)}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{code.grantMonths}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDay(code.expiresAt)}</td>
              <td className="px-4 py-3 text-right">
                <DisableGuestCode code={code} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function GuestCodeCards({ codes }: { codes: AdminGuestCode[] }) {
  return (
    <ul className="flex flex-col divide-y divide-line">
      {codes.map((code) => (
        <li key={code.code} className="flex flex-col gap-2 py-3 text-sm" data-testid="guest-code">
          <div className="flex items-start justify-between gap-3">
            <span className="min-w-0 font-mono font-semibold break-all">{code.code}</span>
            <CodeState code={code} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-ink-muted">{consoleTexts.uses}</dt>
            <dd className="tabular-nums">{consoleTexts.usesOf(code.uses, code.maxUses)}</dd>
            <dt className="text-ink-muted">{consoleTexts.months}</dt>
            <dd className="tabular-nums">{code.grantMonths}</dd>
            <dt className="text-ink-muted">{consoleTexts.lastDay}</dt>
            <dd>{formatDay(code.expiresAt)}</dd>
          </dl>
          <div className="flex flex-col">
            <DisableGuestCode code={code} />
          </div>
        </li>
      ))}
    </ul>
  );
}
