import { z } from 'zod';

/** The mail server, the sender and the relay. */
export const emailSettings = {
  /** smtp:// or smtps:// URL of the mail server. Without it, emails are written to the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Scaling Impact <no-reply@example.org>'),
  /** How often the relay looks for unsent email (it is also woken when one is written). */
  EMAIL_RELAY_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /**
   * Attempts before an email is failed (`npm run cli -- email failed` lists it, `email resend`
   * sends it again). With the backoff (5 s doubling), 10 attempts span about 43 minutes: a
   * password reset link, good for an hour, is still worth sending at the last one.
   */
  EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
};
