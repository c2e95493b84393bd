import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CreateReportRequest,
  REPORT_DETAILS_MAX,
  reportReasonLabels,
  reportReasons,
  reportTexts,
  roleReportTexts,
  type Organization,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { CountedTextArea } from '../../../components/ui/counted-text-area';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { showToast } from '../../../lib/toast';
import { useReportOrganization } from '../api/report-organization';

type ReportValues = z.input<typeof CreateReportRequest>;

export interface ReportDialogProps {
  organization: Pick<Organization, 'id'>;
  /** One of the organization's open roles, when the report is about it (ADR 045). */
  roleId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The report form (ADR 029): a reason, optional details, Send and Cancel. The thanks is a toast
 * once the dialog closes, as the product's other forms confirm; a refusal (too many reports, a
 * failure) stays in the dialog with what was written.
 */
export function ReportDialog({ organization, roleId, open, onOpenChange }: ReportDialogProps) {
  const mutation = useReportOrganization(organization.id, roleId);
  const words = roleId ? { ...reportTexts, ...roleReportTexts } : reportTexts;
  const [failure, setFailure] = useState<string | null>(null);
  const reasonErrorId = useId();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ReportValues, unknown, CreateReportRequest>({
    resolver: zodResolver(CreateReportRequest),
    mode: 'onSubmit',
    defaultValues: { details: '' },
  });

  const details = useWatch({ control, name: 'details' });

  const send = handleSubmit((report) => {
    if (mutation.isPending) return;
    setFailure(null);
    mutation.mutate(report, {
      onSuccess: () => {
        onOpenChange(false);
        showToast('success', words.thanks);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (fields?.reason) setError('reason', { message: fields.reason });
        if (fields?.details) setError('details', { message: fields.details });
        if (!fields?.reason && !fields?.details) setFailure(error.message || reportTexts.failed);
      },
    });
  });

  const busy = mutation.isPending;
  const reasonError = errors.reason?.message;
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={words.title}
      description={words.intro}
      closeLabel={reportTexts.cancel}
    >
      <form noValidate onSubmit={(event) => void send(event)} className="flex flex-col gap-5">
        {failure ? <Notice tone="danger" message={failure} testId="report-failure" /> : null}
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={reasonError ? reasonErrorId : undefined}
        >
          <legend className="mb-2 font-semibold text-ink">{reportTexts.reasonLabel}</legend>
          {reportReasons.map((reason) => (
            <label
              key={reason}
              className={cx(
                'flex min-h-touch cursor-pointer items-center gap-3 rounded-control border px-3 sm:min-h-10',
                'has-checked:border-brand has-checked:bg-brand-soft',
                reasonError ? 'border-danger-line' : 'border-line',
              )}
            >
              <input
                type="radio"
                value={reason}
                className="size-4 accent-brand"
                aria-invalid={reasonError ? true : undefined}
                {...register('reason')}
              />
              <span>{reportReasonLabels[reason]}</span>
            </label>
          ))}
          {reasonError ? (
            <p id={reasonErrorId} className="text-sm text-danger-ink">
              {reasonError}
            </p>
          ) : null}
        </fieldset>
        <CountedTextArea
          label={reportTexts.detailsLabel}
          maxChars={REPORT_DETAILS_MAX}
          length={details?.length ?? 0}
          remainingText={reportTexts.charactersRemaining}
          rows={4}
          error={errors.details?.message}
          {...register('details')}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {reportTexts.cancel}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? <Spinner /> : null}
            {busy ? reportTexts.sending : reportTexts.submit}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
