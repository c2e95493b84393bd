import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  consoleTexts,
  webhookMessages,
  webhookTexts,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useMediaQuery } from '../../../lib/use-media-query';
import {
  useChangeWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useWebhookDeliveries,
} from '../api/webhooks';
import { consolePaths } from './console-shell';
import { formatWhen } from './format-when';
import { EmptyList, RecordBody, TableHead } from './list-states';
import { refusalOf } from './refusal';
import { Pill, type PillTone } from './state-pill';
import { WebhookEventsFieldset } from './webhook-events-fieldset';
import { EndpointState } from './webhooks-page';

const tones: Record<WebhookDelivery['status'], PillTone> = {
  pending: 'muted',
  delivered: 'success',
  failed: 'danger',
};

/** /admin/webhooks/:id: one endpoint, its settings and its latest deliveries (ADR 056). */
export function WebhookEndpointPage({ id }: { id: string }) {
  const record = useWebhookDeliveries(id);
  return (
    <section className="flex flex-col gap-5">
      <RecordBody
        record={record}
        notFound={webhookMessages.endpointNotFound}
        back={
          <Link
            to={consolePaths.webhooks}
            className="w-fit text-sm font-semibold text-brand-ink underline"
          >
            {webhookTexts.back}
          </Link>
        }
      >
        {({ endpoint, deliveries }) => (
          <>
            <div className="flex flex-col gap-2">
              <h2 className="text-headline font-semibold tracking-tight break-all">
                {endpoint.url}
              </h2>
              <EndpointState endpoint={endpoint} />
            </div>
            <EndpointSettings key={endpoint.events.join()} endpoint={endpoint} />
            <h3 className="text-title font-semibold">{webhookTexts.deliveriesHeading}</h3>
            {deliveries.length === 0 ? (
              <EmptyList title={webhookTexts.noDeliveries} />
            ) : (
              <Deliveries endpointId={endpoint.id} deliveries={deliveries} />
            )}
          </>
        )}
      </RecordBody>
    </section>
  );
}

function EndpointSettings({ endpoint }: { endpoint: WebhookEndpoint }) {
  const change = useChangeWebhookEndpoint(endpoint.id);
  const remove = useDeleteWebhookEndpoint(endpoint.id);
  const navigate = useNavigate();
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint.events);
  const [confirming, setConfirming] = useState(false);
  const fail = (failure: unknown) => showToast('error', refusalOf(failure).message);
  return (
    <div className="flex flex-col gap-4 surface-card p-4 sm:p-6">
      <WebhookEventsFieldset value={events} onChange={setEvents} />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={change.isPending || events.length === 0}
          onClick={() => change.mutate({ events }, { onError: fail })}
        >
          {webhookTexts.saveEvents}
        </Button>
        <Button
          variant="secondary"
          disabled={change.isPending}
          onClick={() => change.mutate({ enabled: !endpoint.enabled }, { onError: fail })}
        >
          {endpoint.enabled ? webhookTexts.disable : webhookTexts.enable}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={webhookTexts.remove}
          title={webhookTexts.remove}
          titleTone="danger"
          description={webhookTexts.removeConfirm(endpoint.url)}
          cancelLabel={consoleTexts.cancel}
          confirmLabel={webhookTexts.remove}
          busyLabel={webhookTexts.remove}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => void navigate(consolePaths.webhooks),
              onError: fail,
            })
          }
        />
      </div>
    </div>
  );
}

function ResendButton({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const resend = useResendWebhookDelivery(endpointId);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={resend.isPending}
      aria-label={`${webhookTexts.resend}: ${webhookTexts.eventNames[delivery.eventType]}, ${formatWhen(delivery.createdAt)}`}
      onClick={() =>
        resend.mutate(delivery.id, {
          onSuccess: () => showToast('success', webhookTexts.resent),
          onError: (failure) => showToast('error', refusalOf(failure).message),
        })
      }
    >
      {webhookTexts.resend}
    </Button>
  );
}

function Deliveries({
  endpointId,
  deliveries,
}: {
  endpointId: string;
  deliveries: WebhookDelivery[];
}) {
  const wide = useMediaQuery('(min-width: 768px)', true);
  const status = (delivery: WebhookDelivery) => (
    <Pill tone={tones[delivery.status]}>{webhookTexts.statusNames[delivery.status]}</Pill>
  );
  if (!wide) {
    return (
      <ul className="flex flex-col gap-3">
        {deliveries.map((delivery) => (
          <li
            key={delivery.id}
            className="flex flex-col gap-2 surface-card p-4 text-sm"
            data-testid="webhook-delivery"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{webhookTexts.eventNames[delivery.eventType]}</span>
              {status(delivery)}
            </div>
            <span className="text-ink-muted">{formatWhen(delivery.createdAt)}</span>
            <span>
              {webhookTexts.attempts(delivery.attempts)} ·{' '}
              {webhookTexts.answerCode(delivery.lastResponseCode)}
            </span>
            {delivery.lastError ? (
              <span className="break-words text-ink-muted">{delivery.lastError}</span>
            ) : null}
            <ResendButton endpointId={endpointId} delivery={delivery} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto surface-card">
      <table className="w-full text-left text-sm">
        <TableHead
          columns={[
            { label: consoleTexts.when },
            { label: webhookTexts.eventColumn },
            { label: consoleTexts.state },
            { label: consoleTexts.attempts, numeric: true },
            { label: webhookTexts.answerColumn },
            { label: consoleTexts.lastError },
            { label: consoleTexts.actions, hidden: true },
          ]}
        />
        <tbody className="divide-y divide-line">
          {deliveries.map((delivery) => (
            <tr key={delivery.id} className="align-top" data-testid="webhook-delivery">
              <td className="px-4 py-3 whitespace-nowrap text-ink-muted">
                {formatWhen(delivery.createdAt)}
              </td>
              <td className="px-4 py-3">{webhookTexts.eventNames[delivery.eventType]}</td>
              <td className="px-4 py-3">{status(delivery)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{delivery.attempts}</td>
              <td className="px-4 py-3">{webhookTexts.answerCode(delivery.lastResponseCode)}</td>
              <td className="max-w-56 px-4 py-3 break-words text-ink-muted">
                {delivery.lastError ?? '–'}
              </td>
              <td className="px-4 py-3 text-right">
                <ResendButton endpointId={endpointId} delivery={delivery} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
