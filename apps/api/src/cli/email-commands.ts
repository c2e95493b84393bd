import type { Database } from '../db/client.ts';
import { createOutboxRepository } from '../adapters/email/outbox-repository.ts';

export const emailUsage = `  email failed                emails the relay gave up on (id, to, subject, attempts, last error, when)
  email resend ID             send a failed email again, with a fresh count of attempts`;

const emailId = (value: string | undefined) => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new Error('Give the email id (see email failed)');
  return id;
};
const oneLine = (text: string | null) => (text ?? '-').replace(/\s+/g, ' ');

/**
 * Operator commands for the email outbox (ADR 008). Returns false for a command it does not
 * know. `emailQueued` wakes the relay when the command runs inside the server; otherwise the
 * server's relay sends within EMAIL_RELAY_INTERVAL_MS.
 */
export async function runEmailCommand(
  command: string,
  args: string[],
  {
    db,
    print,
    emailQueued,
  }: { db: Database; print: (line: string) => void; emailQueued?: () => void },
): Promise<boolean> {
  if (command !== 'email') return false;
  const outbox = createOutboxRepository(db);
  const [action, ...rest] = args;
  switch (action) {
    case 'failed': {
      const failed = await outbox.listFailed();
      if (failed.length === 0) print('no failed emails');
      for (const email of failed) {
        print(
          [
            email.id,
            email.to,
            email.subject,
            `${email.attempts} attempts`,
            oneLine(email.lastError),
            email.failedAt.toISOString(),
          ].join('\t'),
        );
      }
      return true;
    }
    case 'resend': {
      const id = emailId(rest[0]);
      if (!(await outbox.resend(id))) throw new Error(`No failed email ${id} (see email failed)`);
      emailQueued?.();
      print(`email ${id} is queued to be sent again`);
      return true;
    }
    default:
      return false;
  }
}
