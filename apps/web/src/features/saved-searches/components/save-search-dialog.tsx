import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CreateSavedSearchRequest,
  SAVED_SEARCH_NAME_MAX,
  savedRoleSearchTexts,
  savedSearchFrequencies,
  savedSearchTexts,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { FilterSummary } from './filter-summary';
import type { SearchToSave } from './search-to-save';

type SaveValues = z.input<typeof CreateSavedSearchRequest>;

export interface SaveSearchDialogProps {
  search: SearchToSave;
  labels: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The save form (ADR 034, 046): the filters it saves, a name and how often to email. A refusal
 * (20 already, a name the server will not take) stays in the dialog with what was typed.
 */
export function SaveSearchDialog({ search, labels, open, onOpenChange }: SaveSearchDialogProps) {
  const texts = search.follows === 'roles' ? savedRoleSearchTexts : savedSearchTexts;
  // A name made of the filters, cut to the limit: most people keep it.
  const suggestedName = (labels.join(', ') || texts.everything).slice(0, SAVED_SEARCH_NAME_MAX);
  const mutation = useCreateSavedSearch();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SaveValues, unknown, CreateSavedSearchRequest>({
    resolver: zodResolver(CreateSavedSearchRequest),
    mode: 'onBlur',
    defaultValues: { name: suggestedName, frequency: 'weekly', ...search },
  });

  const save = handleSubmit((request) => {
    if (mutation.isPending) return;
    setFailure(null);
    mutation.mutate(request, {
      onSuccess: (saved) => {
        onOpenChange(false);
        showToast('success', texts.saved(saved.name));
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (fields?.name) setError('name', { message: fields.name });
        else setFailure(error.message || savedSearchTexts.failed);
      },
    });
  });

  const busy = mutation.isPending;
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={savedSearchTexts.dialogTitle}
      description={texts.dialogDescription}
      closeLabel={savedSearchTexts.cancel}
    >
      <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-5">
        {failure ? <Notice tone="danger" message={failure} testId="save-search-failure" /> : null}
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-ink">{savedSearchTexts.filtersLabel}</p>
          <FilterSummary labels={labels} everything={texts.everything} />
        </div>
        <TextField
          label={savedSearchTexts.nameLabel}
          maxLength={SAVED_SEARCH_NAME_MAX}
          autoComplete="off"
          error={errors.name?.message}
          hint={savedSearchTexts.nameHelp(SAVED_SEARCH_NAME_MAX)}
          {...register('name')}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold text-ink">{savedSearchTexts.frequencyLabel}</legend>
          <div className="grid grid-cols-2 gap-2">
            {savedSearchFrequencies.map((frequency) => (
              <label
                key={frequency}
                className="flex min-h-touch cursor-pointer items-center gap-3 rounded-control border border-line px-3 has-checked:border-brand has-checked:bg-brand-soft sm:min-h-10"
              >
                <input
                  type="radio"
                  value={frequency}
                  className="size-4 accent-brand"
                  {...register('frequency')}
                />
                <span>{savedSearchTexts.frequency[frequency]}</span>
              </label>
            ))}
          </div>
          <p className="text-sm text-ink-muted">{savedSearchTexts.frequencyHelp}</p>
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {savedSearchTexts.cancel}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? <Spinner /> : null}
            {busy ? savedSearchTexts.saving : savedSearchTexts.submit}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
