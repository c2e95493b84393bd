import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newsletterSubscribers } from './newsletter-schema.ts';

/*
 * better-auth's models (user, session, account, verification, plus the anonymous plugin's
 * isAnonymous), written by hand from its documented schema: property names are the model's
 * field names, columns are snake_case. Deleting a user cascades to its sessions and accounts.
 */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** Granted by the CLI only (`operator grant`): the console's /api/admin is theirs (ADR 028). */
    operatorSince: timestamp('operator_since', { withTimezone: true, mode: 'date' }),
    /** Set by an operator: no sign-in, no session, their profiles held, until re-enabled. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    // The guest purge scans only guests, oldest first.
    index('users_anonymous_created_idx')
      .on(table.createdAt)
      .where(sql`${table.isAnonymous}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sessions_token_idx').on(table.token),
    index('sessions_user_idx').on(table.userId, table.updatedAt),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', {
      withTimezone: true,
      mode: 'date',
    }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', {
      withTimezone: true,
      mode: 'date',
    }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [
    index('accounts_user_idx').on(table.userId),
    uniqueIndex('accounts_provider_account_idx').on(table.providerId, table.accountId),
  ],
);

/** One-time tokens: password reset (better-auth) and email verification (ours), stored hashed. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/**
 * Every email, written in the same transaction as the change that causes it; the relay sends
 * it afterwards with retries, so a slow or failing mail server never fails a request (ADR 008).
 * An email belongs to the user it is for, or to the newsletter address it is for (ADR 033), and
 * goes when they are deleted. Its body (which holds verification and reset links) is dropped
 * some days after it is sent.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    newsletterSubscriberId: uuid('newsletter_subscriber_id').references(
      () => newsletterSubscribers.id,
      { onDelete: 'cascade' },
    ),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** Null once the email has been sent long enough ago (adapters/email/sent-bodies-job.ts). */
    text: text('text'),
    html: text('html'),
    /** Extra headers the email goes out with (List-Unsubscribe); null for none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** A relay holds a row until this time while sending it; another may take it after. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Set when the relay gives up (EMAIL_MAX_ATTEMPTS); `email resend` clears it. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('email_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('email_outbox_user_idx').on(table.userId),
    index('email_outbox_newsletter_subscriber_idx').on(table.newsletterSubscriberId),
    check(
      'email_outbox_one_owner',
      sql`(${table.userId} is null) <> (${table.newsletterSubscriberId} is null)`,
    ),
    // The retention job's sent emails that still have a body: a few days' worth, never all.
    index('email_outbox_sent_body_idx')
      .on(table.sentAt)
      .where(sql`${table.sentAt} is not null and ${table.text} is not null`),
  ],
);

/** Fixed-window request counters shared by every server process (rate limits). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limit_hits_reset_idx').on(table.resetAt)],
);
