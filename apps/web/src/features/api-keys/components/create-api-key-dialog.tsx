import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Check, Copy, Plus } from 'lucide-react';
import { API_KEY_NAME_MAX, CreateApiKeyRequest, apiKeyTexts as texts } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateApiKey } from '../api/api-keys';

type NameValues = z.input<typeof CreateApiKeyRequest>;

/**
 * Create key (ADR 055): a name, then the new secret, shown this once with a copy button. Closing
 * the dialog forgets it: the server keeps only its fingerprint.
 */
export function CreateApiKeyDialog({ disabled }: { disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setSecret(null);
  };
  return (
    <>
      <Button onClick={() => change(true)} disabled={disabled}>
        <Plus aria-hidden="true" className="size-5" />
        {texts.create}
      </Button>
      {open ? (
        secret === null ? (
          <NameForm onClose={() => change(false)} onCreated={setSecret} />
        ) : (
          <SecretShownOnce secret={secret} onClose={() => change(false)} />
        )
      ) : null}
    </>
  );
}

function NameForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const mutation = useCreateApiKey();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NameValues, unknown, CreateApiKeyRequest>({
    resolver: zodResolver(CreateApiKeyRequest),
    mode: 'onBlur',
    defaultValues: { name: '' },
  });
  const create = handleSubmit((request) => {
    if (mutation.isPending) return;
    setFailure(null);
    mutation.mutate(request, {
      onSuccess: (created) => onCreated(created.secret),
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (fields?.name) setError('name', { message: fields.name });
        else setFailure(error.message || texts.createFailed);
      },
    });
  });
  const busy = mutation.isPending;
  return (
    <DialogFrame
      open
      onOpenChange={(next) => !busy && !next && onClose()}
      title={texts.createTitle}
      description={texts.createDescription}
      closeLabel={texts.cancel}
    >
      <form noValidate onSubmit={(event) => void create(event)} className="flex flex-col gap-5">
        {failure ? <Notice tone="danger" message={failure} /> : null}
        <TextField
          label={texts.nameLabel}
          maxLength={API_KEY_NAME_MAX}
          autoComplete="off"
          error={errors.name?.message}
          hint={texts.nameHelp}
          {...register('name')}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? <Spinner /> : null}
            {busy ? texts.creating : texts.create}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

function SecretShownOnce({ secret, onClose }: { secret: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <DialogFrame
      open
      onOpenChange={(next) => !next && onClose()}
      title={texts.createdTitle}
      description={texts.createdWarning}
      closeLabel={texts.close}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor="api-key-secret" className="font-semibold text-ink">
          {texts.secretLabel}
        </label>
        <input
          id="api-key-secret"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-touch w-full rounded-control border border-line bg-sunken px-3 font-mono text-sm text-ink sm:min-h-10"
        />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {texts.done}
        </Button>
        <Button onClick={copy} aria-live="polite">
          {copied ? (
            <Check aria-hidden="true" className="size-5" />
          ) : (
            <Copy aria-hidden="true" className="size-5" />
          )}
          {copied ? texts.copied : texts.copy}
        </Button>
      </div>
    </DialogFrame>
  );
}
