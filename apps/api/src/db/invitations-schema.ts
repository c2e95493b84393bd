import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations-schema.ts';

/**
 * Invitations to join an organization (ADR 049): sent by an owner to an email address, with
 * the role the invitee will have. Only the sha256 of the link's token is kept. A row is open
 * until accepted or revoked; an open row past `expires_at` is expired. At most one open row
 * per organization and address. `invited_by` has no foreign key, as `created_by` has none.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'editor'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the newest link was sent: a resend moves it, with `expires_at`. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: text('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('organization_invitations_token_idx').on(table.tokenHash),
    uniqueIndex('organization_invitations_open_idx')
      .on(table.organizationId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index('organization_invitations_organization_idx').on(table.organizationId),
    check('organization_invitations_role', sql`${table.role} in ('owner', 'editor')`),
    check('organization_invitations_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);
