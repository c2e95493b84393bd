import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../../db/client.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';
import type { DeliveryQueue, ClaimedDelivery } from './delivery-queue.ts';
import { pinnedPost } from './pinned-post.ts';
import type { SecretBox } from './secrets.ts';
import { checkTarget, RefusedTarget, type TargetPolicy } from './target-policy.ts';

const BATCH_SIZE = 20;
const DAY_MS = 24 * 60 * 60_000;
/** How long an event is retried, and how long an endpoint may fail before it is disabled. */
export const RETRY_WINDOW_MS = 3 * DAY_MS;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;

/** 30 s, 1 min, 2 min ... capped at 6 hours: about twenty attempts over three days. */
export function webhookRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** What a sending run did, for tests and the log. */
export interface WebhookRun {
  delivered: number;
  failed: number;
  disabled: number;
}

/** The body of every delivery (Standard Webhooks): the type, when it happened, its data. */
export const webhookBody = (delivery: Pick<ClaimedDelivery, 'type' | 'eventAt' | 'data'>) =>
  JSON.stringify({
    type: delivery.type,
    timestamp: delivery.eventAt.toISOString(),
    data: delivery.data,
  });

/**
 * Sends the due deliveries (ADR 056): each signed with its endpoint's secret, to an address
 * checked at send time, retried with backoff for three days; an endpoint failing that long is
 * disabled and the operators told (`onDisabled`, in the disabling transaction).
 */
export function createWebhookSender(options: {
  queue: DeliveryQueue;
  secrets: SecretBox;
  policy: TargetPolicy;
  timeoutMs: number;
  maxAnswerBytes: number;
  logger: FastifyBaseLogger;
  /** What to write, in the disabling transaction, when an endpoint is disabled. */
  onDisabled: (endpoint: { id: string; url: string }) => (tx: Database) => Promise<void>;
}) {
  const { queue, secrets, policy, logger } = options;

  async function attempt(delivery: ClaimedDelivery) {
    const body = webhookBody(delivery);
    // Signed at the wall clock, whatever clock runs the queue: receivers check it against theirs.
    const sentAt = new Date();
    const signature = new Webhook(secrets.open(delivery.sealedSecret)).sign(
      delivery.eventId,
      sentAt,
      body,
    );
    const target = await checkTarget(delivery.url, policy);
    return pinnedPost(
      target,
      {
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
        'user-agent': 'ScalingImpact-Webhooks/1',
      },
      body,
      options,
    );
  }

  async function settle(delivery: ClaimedDelivery, now: Date, run: WebhookRun) {
    let status: number | null = null;
    let error: string;
    try {
      const answer = await attempt(delivery);
      if (answer.status >= 200 && answer.status < 300) {
        await queue.markDelivered(delivery, now, answer.status);
        run.delivered += 1;
        return;
      }
      status = answer.status;
      error = `answered ${answer.status}`;
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      if (!(caught instanceof RefusedTarget)) error = `not delivered: ${error}`;
    }
    const retryAt = new Date(now.getTime() + webhookRetryDelayMs(delivery.attempts));
    const withinWindow = retryAt.getTime() - delivery.eventAt.getTime() <= RETRY_WINDOW_MS;
    const failingSince = await queue.markFailed(delivery, now, {
      status,
      error,
      retryAt: withinWindow ? retryAt : null,
    });
    run.failed += 1;
    logger.warn(
      {
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        attempts: delivery.attempts,
        error,
      },
      'webhook not delivered',
    );
    if (now.getTime() - failingSince.getTime() >= RETRY_WINDOW_MS) {
      const endpoint = { id: delivery.endpointId, url: delivery.url };
      if (await queue.disable(endpoint.id, now, options.onDisabled(endpoint))) {
        run.disabled += 1;
        logger.error({ endpointId: endpoint.id }, 'webhook endpoint disabled after three days');
      }
    }
  }

  /** Sends every delivery due at `now`, batch after batch. */
  async function send(now: Date): Promise<WebhookRun> {
    const run: WebhookRun = { delivered: 0, failed: 0, disabled: 0 };
    for (;;) {
      const batch = await queue.claimDue(now, BATCH_SIZE);
      // One endpoint's slow answer must not hold the others: a batch goes out together.
      await Promise.all(batch.map((delivery) => settle(delivery, now, run)));
      if (batch.length < BATCH_SIZE) return run;
    }
  }

  const job: PeriodicJob = { name: 'webhooks', run: () => send(new Date()) };
  return { send, job };
}
