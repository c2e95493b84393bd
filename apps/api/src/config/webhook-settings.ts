import { z } from 'zod';
import { booleanFlag } from './setting-kinds.ts';

/** Webhooks for partners (ADR 056): the sender's pace and limits, and the local escape hatches. */
export const webhookSettings = {
  /** How often a process looks for webhook deliveries due (each claims its own). */
  WEBHOOKS_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /** How long one delivery may take, connection and answer together. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * Allow http:// endpoints. Off: only https. For a receiver on this machine in tests or a local
   * set-up; production refuses it.
   */
  WEBHOOKS_ALLOW_HTTP: booleanFlag.default(false),
  /**
   * Allow endpoints on loopback, private, link-local and reserved addresses. Off: only public
   * addresses, checked at send time. For tests and local set-ups; production refuses it.
   */
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
};
