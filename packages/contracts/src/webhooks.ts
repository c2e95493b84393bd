import { z } from 'zod';

/**
 * Webhooks for partners (ADR 056): the events an endpoint may want, an operator's requests and
 * the console's answers. The words of the console are in webhook-texts.ts.
 */
export const webhookEventTypes = [
  'organization.published',
  'organization.updated',
  'organization.unpublished',
  'role.opened',
  'role.closed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const webhookLimits = { urlMax: 2_000 } as const;

export const WebhookEndpointId = z.uuid();

const EventList = z
  .array(z.enum(webhookEventTypes))
  .min(1, 'Choose at least one event.')
  .refine((events) => new Set(events).size === events.length, 'Each event may be chosen once.');

export const WebhookEndpointInput = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the endpoint’s URL.')
    .max(webhookLimits.urlMax, 'This URL is too long.'),
  events: EventList,
});
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointInput>;

export const WebhookEndpointChanges = z
  .object({ events: EventList.optional(), enabled: z.boolean().optional() })
  .refine(
    (changes) => changes.events !== undefined || changes.enabled !== undefined,
    'Change the events or whether the endpoint is enabled.',
  );
export type WebhookEndpointChanges = z.infer<typeof WebhookEndpointChanges>;

export const WebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  failingSince: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** A new endpoint with its signing secret: the only answer that ever holds it. */
export const CreatedWebhookEndpoint = WebhookEndpoint.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpoint>;

export const WebhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.uuid(),
  eventType: z.enum(webhookEventTypes),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastResponseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const webhookMessages = {
  endpointNotFound: 'This endpoint does not exist or was deleted.',
  deliveryNotFound: 'This delivery does not exist.',
  urlInvalid: 'Enter a full URL, such as https://partner.example/hooks.',
  httpsOnly: 'Endpoints must use https.',
  urlCredentials: 'The URL must not hold a user name or password.',
  privateHost:
    'This address is on a private, loopback or reserved network: deliveries go only to public addresses.',
} as const;
