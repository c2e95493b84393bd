import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations-schema.ts';

/**
 * Codes sent to prove an organization's website domain (ADR 032). The code itself is never
 * stored: only its HMAC under the server's secret, so a copy of the database does not give
 * codes away (a million six-digit codes would be tried in a moment against a plain hash). A
 * new code for an organization replaces its open one. Rows are kept for a day: the codes sent in
 * the last hour, per account and per domain, are counted from them, and an organization's older
 * rows are deleted when it is sent its next code.
 */
export const domainVerificationCodes = pgTable(
  'domain_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The account that asked (owners may change; the limit counts this one). */
    userId: text('user_id').notNull(),
    domain: text('domain').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when the code is used, replaced by a newer one, or its attempts run out. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('domain_verification_codes_organization_idx').on(table.organizationId, table.createdAt),
    index('domain_verification_codes_user_idx').on(table.userId, table.createdAt),
    index('domain_verification_codes_domain_idx').on(table.domain, table.createdAt),
  ],
);
