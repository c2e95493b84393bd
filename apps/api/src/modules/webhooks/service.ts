import type {
  CreatedWebhookEndpoint,
  WebhookEndpointChanges,
  WebhookEndpointInput,
} from '@si/contracts';
import { webhookMessages, webhookTexts } from '@si/contracts';
import { actionEmail, type EmailFooter } from '../../adapters/email/action-email.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { recordAction, type Actor } from '../operators/audit.ts';
import type { OperatorRepository } from '../operators/repository.ts';
import { endpointView, type EndpointRepository } from './endpoints.ts';
import { newWebhookSecret, type SecretBox } from './secrets.ts';
import { urlRefusal, type TargetPolicy } from './target-policy.ts';

/**
 * What operators do with webhooks (ADR 056), each action audited in its own transaction: add an
 * endpoint (its secret answered once), change its events or turn it on or off, delete it, read
 * its deliveries and resend one.
 */
export function createWebhookService(deps: {
  db: Database;
  endpoints: EndpointRepository;
  audit: Pick<OperatorRepository, 'record'>;
  secrets: SecretBox;
  policy: TargetPolicy;
  outbox: OutboxRepository;
  publicUrl: string;
  emailFooter: EmailFooter;
  now: () => Date;
}) {
  const { db, endpoints, audit } = deps;
  const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as Database));

  async function locked(tx: Database, id: string) {
    const row = await endpoints.find(tx, id);
    if (!row) throw notFound(webhookMessages.endpointNotFound);
    return row;
  }

  const consoleUrl = (id: string) => `${deps.publicUrl}/admin/webhooks/${id}`;

  return {
    list: async () => (await endpoints.list()).map(endpointView),

    async register(actor: Actor, input: WebhookEndpointInput): Promise<CreatedWebhookEndpoint> {
      const refusal = urlRefusal(input.url, deps.policy);
      if (refusal) throw badRequest(refusal, { url: refusal });
      const secret = newWebhookSecret();
      const row = await inTransaction(async (tx) => {
        const created = await endpoints.create(tx, {
          url: input.url,
          events: input.events,
          sealedSecret: deps.secrets.seal(secret),
          createdBy: actor.email,
        });
        await recordAction(audit, tx, actor, {
          action: 'webhook.create',
          targetType: 'webhook_endpoint',
          targetId: created.id,
          targetLabel: created.url,
          details: { events: input.events },
        });
        return created;
      });
      return { ...endpointView(row), secret };
    },

    async change(actor: Actor, id: string, changes: WebhookEndpointChanges) {
      return inTransaction(async (tx) => {
        const before = await locked(tx, id);
        const row = await endpoints.update(tx, id, changes);
        await recordAction(audit, tx, actor, {
          action: 'webhook.update',
          targetType: 'webhook_endpoint',
          targetId: id,
          targetLabel: before.url,
          details: { ...changes },
        });
        return endpointView(row);
      });
    },

    async remove(actor: Actor, id: string) {
      await inTransaction(async (tx) => {
        const before = await locked(tx, id);
        await endpoints.remove(tx, id);
        await recordAction(audit, tx, actor, {
          action: 'webhook.delete',
          targetType: 'webhook_endpoint',
          targetId: id,
          targetLabel: before.url,
        });
      });
    },

    async deliveries(id: string) {
      const row = await endpoints.get(id);
      if (!row) throw notFound(webhookMessages.endpointNotFound);
      return { endpoint: endpointView(row), deliveries: await endpoints.deliveries(id) };
    },

    async resend(actor: Actor, id: string, deliveryId: number) {
      await inTransaction(async (tx) => {
        const endpoint = await locked(tx, id);
        const found = await endpoints.resend(tx, id, deliveryId, deps.now());
        if (!found) throw notFound(webhookMessages.deliveryNotFound);
        await recordAction(audit, tx, actor, {
          action: 'webhook.resend',
          targetType: 'webhook_endpoint',
          targetId: id,
          targetLabel: endpoint.url,
          details: { deliveryId },
        });
      });
    },

    /** The operators' emails when the sender disables an endpoint, in its transaction. */
    disabledEmails:
      (endpoint: { id: string; url: string }) =>
      async (tx: Database): Promise<void> => {
        const operators = await endpoints.operatorAddresses(tx);
        const texts = webhookTexts.disabledEmail;
        for (const operator of operators) {
          await deps.outbox.enqueue(
            tx,
            operator.userId,
            actionEmail({
              ...deps.emailFooter,
              to: operator.email,
              subject: texts.subject,
              intro: texts.intro(endpoint.url),
              action: texts.action,
              url: consoleUrl(endpoint.id),
              outro: texts.outro,
            }),
          );
        }
      },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
