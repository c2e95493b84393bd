import { countOf } from './counts.ts';
import type { WebhookEventType } from './webhooks.ts';

/** The words of webhooks (ADR 056): the console's pages and the operators' email. */
export const webhookTexts = {
  navLabel: 'Webhooks',
  heading: 'Webhooks',
  title: 'Console: Webhooks',
  endpointTitle: 'Console: Webhook endpoint',
  intro:
    'Partners’ endpoints receive each event they want as signed JSON (Standard Webhooks), retried for three days.',
  eventNames: {
    'organization.published': 'Organization published',
    'organization.updated': 'Organization updated',
    'organization.unpublished': 'Organization unpublished',
    'role.opened': 'Role opened',
    'role.closed': 'Role closed',
  } satisfies Record<WebhookEventType, string>,
  addHeading: 'Add an endpoint',
  urlLabel: 'URL',
  urlHint: 'An https address on the public internet.',
  eventsLabel: 'Events',
  add: 'Add endpoint',
  adding: 'Adding...',
  secretHeading: 'Signing secret',
  secretOnce:
    'Copy this secret now and give it to the partner: it is shown once. They verify each delivery with it.',
  secretDone: 'I have copied it',
  noEndpoints: 'No endpoint yet.',
  enabled: 'Enabled',
  disabled: 'Disabled',
  disabledSince: (at: string) => `Disabled ${at}`,
  failingSince: (at: string) => `Failing since ${at}`,
  enable: 'Enable',
  disable: 'Disable',
  saveEvents: 'Save events',
  remove: 'Delete',
  removeConfirm: (url: string) => `Delete the endpoint ${url}? Its deliveries go with it.`,
  deliveriesHeading: 'Deliveries',
  noDeliveries: 'Nothing sent to this endpoint yet.',
  statusNames: { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' },
  attempts: (count: number) => countOf(count, 'attempt', 'attempts'),
  answerCode: (code: number | null) => (code === null ? 'No answer' : `Answered ${code}`),
  eventColumn: 'Event',
  answerColumn: 'Answer',
  resend: 'Resend',
  resent: 'Queued to be sent again.',
  back: 'All endpoints',
  disabledEmail: {
    subject: 'A webhook endpoint was disabled',
    intro: (url: string) =>
      `The webhook endpoint ${url} has failed every delivery for three days, so it was disabled. Its waiting deliveries were marked failed.`,
    action: 'Open the endpoint',
    outro:
      'Enable it in the console once the partner has fixed it; resend the deliveries they need.',
  },
} as const;
