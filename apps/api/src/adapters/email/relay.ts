import type { FastifyBaseLogger } from 'fastify';
import type { EmailTransport } from './message.ts';
import type { OutboxRepository } from './outbox-repository.ts';
import { backgroundTurns } from '../../http/visitor-traffic.ts';
import { alertCodes } from '../../metrics/alert-codes.ts';

const BATCH_SIZE = 20;
/**
 * The share of its process the relay takes while visitors are served without a pause: one email
 * goes at once, thousands (a run of alerts or a digest) go at a pace the directory does not feel.
 */
const SHARE_UNDER_LOAD = 0.03;
/** The stable code of the one error line logged when the relay gives an email up. */
export const EMAIL_FAILED = alertCodes.emailFailed;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60_000;

/**
 * 5 s, 10 s, 20 s ... capped at an hour: a mail server that is briefly down loses nothing, and
 * after `maxAttempts` the email is failed for an operator to see and resend.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface EmailRelay {
  start(): void;
  /** Sends what is due soon, without waiting for the next tick. */
  nudge(): void;
  /** Sends every due email now; resolves with how many were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sends the outbox. Runs on a timer and when nudged; never in a request's path, so a slow or
 * failing mail server neither fails nor slows the change that wrote the email.
 */
export function createEmailRelay(options: {
  outbox: OutboxRepository;
  transport: EmailTransport;
  logger: FastifyBaseLogger;
  intervalMs: number;
  /** Attempts before an email is failed (EMAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** The process is serving visitors (VisitorTraffic); by default it never is. */
  busy?: () => boolean;
  /** Called for each attempt the transport refuses (GET /metrics counts them). */
  onSendFailure?: () => void;
}): EmailRelay {
  const { outbox, transport, logger, intervalMs, maxAttempts, onSendFailure = () => {} } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  async function sendBatch(): Promise<number> {
    let sent = 0;
    const turn = backgroundTurns({ busy: options.busy ?? (() => false) }, SHARE_UNDER_LOAD);
    for (;;) {
      const batch = await outbox.claimDue(BATCH_SIZE);
      for (const email of batch) {
        await turn();
        try {
          await transport.send(email);
          await outbox.markSent(email.id);
          sent += 1;
        } catch (error) {
          onSendFailure();
          const message = error instanceof Error ? error.message : String(error);
          // Ids and counts only: the body holds the email's links, which a log must never keep.
          if (email.attempts >= maxAttempts) {
            await outbox.giveUp(email.id, message);
            logger.error(
              { code: EMAIL_FAILED, emailId: email.id, attempts: email.attempts, err: message },
              `email ${email.id} failed after ${email.attempts} attempts; see 'npm run cli -- email failed'`,
            );
            continue;
          }
          const retryInMs = retryDelayMs(email.attempts);
          logger.warn(
            { emailId: email.id, attempts: email.attempts, retryInMs, err: message },
            'email not sent; will retry',
          );
          await outbox.retryLater(email.id, message, retryInMs);
        }
      }
      if (batch.length < BATCH_SIZE || stopped) return sent;
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await sendBatch().catch((error: unknown) => {
          logger.error({ err: error, code: alertCodes.emailRelayFailed }, 'email relay failed');
          return 0;
        });
      } while (again && !stopped);
      // Cleared in the same step as the last check of `again`: a drain() that arrives after it
      // starts a new pass instead of joining one that has finished looking.
      running = undefined;
      return total;
    })();
    return running;
  }

  return {
    start() {
      stopped = false;
      timer = setInterval(() => void drain(), intervalMs);
      timer.unref();
      void drain();
    },
    nudge() {
      if (!stopped) setImmediate(() => void drain());
    },
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await transport.close();
    },
  };
}
