import { emailOutbox } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import type { EmailMessage } from './message.ts';

/** Whom an email belongs to: it is deleted with them (a user, or a newsletter address). */
export type EmailOwner = { userId: string } | { newsletterSubscriberId: string };

/** Stores emails for their owners in one statement, in the caller's transaction; their ids. */
export async function enqueueMany(
  executor: Database,
  emails: { owner: EmailOwner; message: EmailMessage }[],
): Promise<number[]> {
  if (emails.length === 0) return [];
  const rows = await executor
    .insert(emailOutbox)
    .values(
      emails.map(({ owner, message }) => ({
        userId: null,
        newsletterSubscriberId: null,
        ...owner,
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? null,
      })),
    )
    .returning({ id: emailOutbox.id });
  return rows.map((row) => row.id);
}

/** Stores an email for its owner, in the caller's transaction; its outbox id. */
export async function enqueueFor(
  executor: Database,
  owner: EmailOwner,
  message: EmailMessage,
): Promise<number> {
  const [id] = await enqueueMany(executor, [{ owner, message }]);
  return id!;
}
