import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createOutboxRepository } from '../adapters/email/outbox-repository.ts';
import { unsubscribeTokens } from '../adapters/email/unsubscribe-tokens.ts';
import { resolveAuthSecret } from '../identity/secret.ts';
import { createDigestRepository } from '../modules/newsletter/digest-repository.ts';
import { createDigestSender } from '../modules/newsletter/digest-sender.ts';
import { createNewsletterRepository } from '../modules/newsletter/repository.ts';
import { CLI_ACTOR, recordAction } from '../modules/operators/audit.ts';
import { createNewsletterAdmin } from '../modules/operators/newsletter-admin.ts';
import { createOperatorRepository } from '../modules/operators/repository.ts';

export const newsletterUsage = `  newsletter digest-preview   the next digest: month, subject, recipients, its organizations,
                              and whether it can be sent now
  newsletter digest-send      send it now, as its month's one digest (refused when that month's
                              went out already); audited`;

/**
 * The newsletter's digest from the command line, as the console's (ADR 037). Returns false for
 * a command it does not know.
 */
export async function runNewsletterCommand(
  command: string,
  args: string[],
  {
    db,
    config,
    emailQueued,
    print,
  }: { db: Database; config: Config; emailQueued?: () => void; print: (line: string) => void },
): Promise<boolean> {
  if (command !== 'newsletter') return false;
  if (args.length !== 1 || (args[0] !== 'digest-preview' && args[0] !== 'digest-send')) {
    throw new Error(`Usage:\n${newsletterUsage}`);
  }
  const newsletter = createNewsletterRepository(db);
  const digests = createDigestSender({
    db,
    digests: createDigestRepository(db),
    newsletter,
    outbox: createOutboxRepository(db),
    // The same secret as the server's: the emails' unsubscribe links must work there.
    tokens: unsubscribeTokens(
      await resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR),
      'newsletter',
    ),
    publicUrl: config.publicUrl,
    emailFooter: { supportEmail: config.SUPPORT_EMAIL, parentBrands: config.parentBrands },
    // Inside the server this wakes its relay; from another process the relay finds them.
    onEmailQueued: emailQueued ?? (() => {}),
  });
  const operators = createOperatorRepository(db);
  const admin = createNewsletterAdmin({
    db,
    newsletter,
    digests,
    record: (tx, actor, entry) => recordAction(operators, tx, actor, entry),
  });

  if (args[0] === 'digest-preview') {
    const preview = await admin.digestPreview();
    print(`${preview.month}\t${preview.subject}`);
    print(`recipients\t${preview.recipients}`);
    if (preview.line) print(`line\t${preview.line}`);
    for (const organization of preview.organizations) {
      print(`- ${organization.name}\t${organization.line}`);
    }
    print(preview.refusal ?? 'can be sent now: newsletter digest-send');
    return true;
  }
  const sent = await admin.digestSend(CLI_ACTOR);
  const organizations = `${sent.organizations} ${sent.organizations === 1 ? 'organization' : 'organizations'}`;
  print(`digest of ${sent.month} queued to ${sent.queued} subscribers (${organizations})`);
  return true;
}
