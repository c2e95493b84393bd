import { useState, type FormEvent } from 'react';
import {
  MILESTONE_TEXT_MAX,
  MilestoneInput,
  roleEditorTexts as texts,
  type Milestone,
  type MilestoneInputFields,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CountedTextArea } from '../../../components/ui/counted-text-area';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { milestoneDate } from '../../../lib/milestone-date';
import { showToast } from '../../../lib/toast';
import type { MilestoneWrite } from '../api/owner-milestones';
import { useCheckedSave } from '../hooks/use-checked-save';
import { SelectField } from './form-controls';

/** A milestone's form: year, an optional month, a title and a few words on what happened. */
export function MilestoneForm({
  milestone,
  onSave,
  onCancel,
}: {
  milestone?: Milestone;
  onSave: (input: MilestoneInputFields) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [year, setYear] = useState(milestone ? String(milestone.year) : '');
  const [month, setMonth] = useState(milestone?.month ? String(milestone.month) : '');
  const [title, setTitle] = useState(milestone?.title ?? '');
  const [text, setText] = useState(milestone?.text ?? '');
  const { errors, saving, save, formError } = useCheckedSave(MilestoneInput, onSave);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input: MilestoneInputFields = {
      year: year.trim() === '' ? Number.NaN : Number(year),
      month: month ? Number(month) : null,
      title,
      text,
    };
    await save(input);
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {formError ? <Notice tone="danger" message={formError} /> : null}
      <div className="grid grid-cols-2 gap-4 sm:max-w-md">
        <TextField
          label={texts.yearLabel}
          inputMode="numeric"
          maxLength={4}
          value={year}
          onChange={(event) => setYear(event.target.value)}
          error={errors.year}
        />
        <SelectField
          label={texts.monthLabel}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          error={errors.month}
        >
          <option value="">{texts.noMonth}</option>
          {texts.months.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={texts.milestoneTitleLabel}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
        autoComplete="off"
      />
      <CountedTextArea
        label={texts.milestoneTextLabel}
        maxChars={MILESTONE_TEXT_MAX}
        length={text.length}
        remainingText={texts.charactersRemaining}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={errors.text}
        rows={3}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {texts.cancel}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? texts.saving : texts.saveMilestone}
        </Button>
      </div>
    </form>
  );
}

/** One milestone in the owner's list, with Edit and Delete. */
export function MilestoneRow({
  milestone,
  onEdit,
  write,
}: {
  milestone: Milestone;
  onEdit: () => void;
  write: (write: MilestoneWrite) => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      await write({ kind: 'delete', milestoneId: milestone.id });
      showToast('success', texts.milestoneDeletedToast);
      setConfirming(false);
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li
      className="flex flex-col gap-3 rounded-control border border-line p-4 sm:flex-row sm:items-start"
      data-testid="owner-milestone"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm font-semibold text-brand-ink">{milestoneDate(milestone)}</p>
        <p className="font-semibold break-words text-ink">{milestone.title}</p>
        {milestone.text ? (
          <p className="text-sm break-words whitespace-pre-line text-ink-muted">{milestone.text}</p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          {texts.edit}
          <span className="sr-only"> {milestone.title}</span>
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={texts.remove}
          triggerLabel={`${texts.remove} ${milestone.title}`}
          title={texts.deleteMilestoneTitle}
          description={texts.deleteMilestoneBody(milestone.title)}
          cancelLabel={texts.cancel}
          confirmLabel={texts.remove}
          busyLabel={texts.deleting}
          busy={busy}
          onConfirm={() => void remove()}
        />
      </div>
    </li>
  );
}
