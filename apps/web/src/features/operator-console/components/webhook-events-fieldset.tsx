import { webhookEventTypes, webhookTexts, type WebhookEventType } from '@si/contracts';

/** The events an endpoint wants, as checkboxes (ADR 056). */
export function WebhookEventsFieldset({
  value,
  onChange,
  error,
}: {
  value: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? 'webhook-events-error' : undefined}
    >
      <legend className="mb-1.5 font-semibold text-ink">{webhookTexts.eventsLabel}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {webhookEventTypes.map((type) => (
          <label
            key={type}
            className="flex min-h-touch cursor-pointer items-center gap-3 rounded-control border border-line-strong px-3 py-2"
          >
            <input
              type="checkbox"
              checked={value.includes(type)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? webhookEventTypes.filter((known) => known === type || value.includes(known))
                    : value.filter((chosen) => chosen !== type),
                )
              }
              className="size-4 accent-brand"
            />
            <span>{webhookTexts.eventNames[type]}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="webhook-events-error" className="text-sm text-danger-ink">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
