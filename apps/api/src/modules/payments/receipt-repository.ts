import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations, organizationsOwnedBy, paymentReceipts } from '../../db/schema.ts';

export type NewReceiptRow = typeof paymentReceipts.$inferInsert;
export type ReceiptRow = typeof paymentReceipts.$inferSelect;
/** A receipt with the name of the organization it paid for, as the owner's list shows it. */
export type ReceiptView = ReceiptRow & { organizationName: string };

/** The paid invoices (payment_receipts): recorded once each, listed for their owner. */
export function createReceiptRepository(db: Database) {
  return {
    /**
     * Records a paid invoice, in the fulfilment's transaction: the row, or null when the invoice
     * was recorded before (a redelivered event, a second read), which then sends no receipt.
     */
    async record(tx: Database, values: NewReceiptRow): Promise<ReceiptRow | null> {
      const [row] = await tx
        .insert(paymentReceipts)
        .values(values)
        .onConflictDoNothing({ target: paymentReceipts.providerInvoiceId })
        .returning();
      return row ?? null;
    },

    /** The invoices of the organizations `ownerId` is an owner of (or of the one given), newest first. */
    async listForOwner(ownerId: string, organizationId?: string): Promise<ReceiptView[]> {
      const rows = await db
        .select({ receipt: paymentReceipts, organizationName: organizations.name })
        .from(paymentReceipts)
        .innerJoin(organizations, eq(organizations.id, paymentReceipts.organizationId))
        .where(
          and(
            inArray(organizations.id, organizationsOwnedBy(ownerId)),
            organizationId ? eq(paymentReceipts.organizationId, organizationId) : undefined,
          ),
        )
        .orderBy(desc(paymentReceipts.paidAt), desc(paymentReceipts.createdAt));
      return rows.map((row) => ({ ...row.receipt, organizationName: row.organizationName }));
    },
  };
}
export type ReceiptRepository = ReturnType<typeof createReceiptRepository>;
