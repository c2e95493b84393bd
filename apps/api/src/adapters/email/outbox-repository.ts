import type { Database } from '../../db/client.ts';
import { createOutboxDelivery } from './outbox-delivery.ts';
import { enqueueFor, enqueueMany } from './outbox-enqueue.ts';
import { createOutboxOperations } from './outbox-operations.ts';
import type { EmailMessage } from './message.ts';

/** The email outbox (one table, rows sent by the relay), by use case: the files imported above. */
export function createOutboxRepository(db: Database) {
  return {
    /**
     * Stores an email for the user it is for (it goes when they are deleted); pass the
     * transaction of the change that causes it.
     */
    async enqueue(executor: Database, userId: string, message: EmailMessage): Promise<void> {
      await enqueueFor(executor, { userId }, message);
    },

    enqueueFor,
    enqueueMany,

    ...createOutboxDelivery(db),
    ...createOutboxOperations(db),
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
