import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  webhookTexts,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateWebhookEndpoint, useWebhookEndpoints } from '../api/webhooks';
import { SectionHeading } from './console-shell';
import { EmptyList, ListSkeleton, LoadFailed } from './list-states';
import { refusalOf } from './refusal';
import { Pill } from './state-pill';
import { formatWhen } from './format-when';
import { WebhookEventsFieldset } from './webhook-events-fieldset';

export const webhookPath = (id: string) => `/admin/webhooks/${id}`;

/** /admin/webhooks: add a partner's endpoint (its secret shown once) and list them (ADR 056). */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  return (
    <section aria-labelledby="console-webhooks" className="flex flex-col gap-5">
      <SectionHeading
        id="console-webhooks"
        title={webhookTexts.heading}
        intro={webhookTexts.intro}
      />
      {created ? (
        <SecretOnce endpoint={created} onDone={() => setCreated(null)} />
      ) : (
        <AddEndpoint onCreated={setCreated} />
      )}
      {endpoints.isPending ? (
        <ListSkeleton rows={2} />
      ) : endpoints.isError ? (
        <LoadFailed error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <EmptyList title={webhookTexts.noEndpoints} />
      ) : (
        <ul className="flex flex-col gap-3">
          {endpoints.data.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  return endpoint.enabled ? (
    <Pill tone={endpoint.failingSince ? 'warning' : 'success'}>
      {endpoint.failingSince
        ? webhookTexts.failingSince(formatWhen(endpoint.failingSince))
        : webhookTexts.enabled}
    </Pill>
  ) : (
    <Pill tone="danger">
      {endpoint.disabledAt
        ? webhookTexts.disabledSince(formatWhen(endpoint.disabledAt))
        : webhookTexts.disabled}
    </Pill>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <li className="flex flex-col gap-2 surface-card p-4 text-sm" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={webhookPath(endpoint.id)}
          className="font-semibold break-all text-brand-ink underline"
        >
          {endpoint.url}
        </Link>
        <EndpointState endpoint={endpoint} />
      </div>
      <p className="text-ink-muted">
        {endpoint.events.map((type) => webhookTexts.eventNames[type]).join(', ')}
      </p>
    </li>
  );
}

function AddEndpoint({ onCreated }: { onCreated: (endpoint: CreatedWebhookEndpoint) => void }) {
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['organization.published']);
  const failure = create.error;
  const fields = failure instanceof ApiError ? (failure.fields ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ url, events }, { onSuccess: onCreated });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 surface-card p-4 sm:p-6" noValidate>
      <h3 className="text-title font-semibold">{webhookTexts.addHeading}</h3>
      <TextField
        label={webhookTexts.urlLabel}
        type="url"
        inputMode="url"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        hint={webhookTexts.urlHint}
        error={fields.url}
      />
      <WebhookEventsFieldset value={events} onChange={setEvents} error={fields.events} />
      {failure && !fields.url && !fields.events ? (
        <p role="alert" className="text-sm text-danger-ink">
          {refusalOf(failure).message}
        </p>
      ) : null}
      <Button
        type="submit"
        className="w-fit"
        disabled={create.isPending}
        aria-busy={create.isPending}
      >
        {create.isPending ? <Spinner /> : null}
        {create.isPending ? webhookTexts.adding : webhookTexts.add}
      </Button>
    </form>
  );
}

function SecretOnce({
  endpoint,
  onDone,
}: {
  endpoint: CreatedWebhookEndpoint;
  onDone: () => void;
}) {
  return (
    <div role="status" className="flex flex-col gap-3 surface-card p-4 sm:p-6">
      <h3 className="text-title font-semibold">{webhookTexts.secretHeading}</h3>
      <p className="text-ink-muted">{webhookTexts.secretOnce}</p>
      <p className="break-all">{endpoint.url}</p>
      <code
        className="block rounded-control bg-sunken p-3 font-mono text-sm break-all select-all"
        data-testid="webhook-secret"
      >
        {endpoint.secret}
      </code>
      <Button variant="secondary" className="w-fit" onClick={onDone}>
        {webhookTexts.secretDone}
      </Button>
    </div>
  );
}
