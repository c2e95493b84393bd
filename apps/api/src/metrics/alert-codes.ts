/**
 * The `code` of each error-level log line worth waking someone for: stable, so an alert can
 * match on it rather than on the wording (docs/operations/metrics.md). Each failure is logged once.
 */
export const alertCodes = {
  /** A request failed (500) because the database could not be reached or went away. */
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  /** A request failed (500) for any other reason: a bug, most likely. */
  requestFailed: 'REQUEST_FAILED',
  /** A signed payment event could not be applied (500): Stripe delivers it again. */
  webhookFailed: 'WEBHOOK_FAILED',
  /**
   * A payment event whose signature fails (a warning, not an error: anybody can post one). When
   * every delivery is refused, STRIPE_WEBHOOK_SECRET is wrong: watch the webhook counter.
   */
  webhookRejected: 'WEBHOOK_REJECTED',
  /** A periodic job threw; it runs again at the next interval. */
  jobFailed: 'JOB_FAILED',
  /** An email was given up on after EMAIL_MAX_ATTEMPTS: 'npm run cli -- email failed' lists it. */
  emailFailed: 'EMAIL_FAILED',
  /** The email relay itself failed (the outbox could not be read): nothing is being sent. */
  emailRelayFailed: 'EMAIL_RELAY_FAILED',
  /** Images of a deleted row could not be removed from storage: files left behind. */
  storageCleanupFailed: 'STORAGE_CLEANUP_FAILED',
  /** The server bundle failed to load or a page failed to render: pages render in the browser. */
  serverRenderFailed: 'SERVER_RENDER_FAILED',
  /** A WEB_CONCURRENCY worker died and is being replaced. */
  workerDied: 'WORKER_DIED',
  /** Shutdown did not finish cleanly or in time: in-flight requests may have been cut. */
  shutdownFailed: 'SHUTDOWN_FAILED',
} as const;
