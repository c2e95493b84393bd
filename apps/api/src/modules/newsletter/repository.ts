import type { Database } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

export function createNewsletterRepository(db: Database) {
  return {
    /** Adds the address once; a second sign-up with the same address changes nothing. */
    async subscribe(email: string): Promise<void> {
      await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
    },
  };
}
export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
