import type { Database } from '../../db/client.ts';
import { CLI_ACTOR, recordAction } from './audit.ts';
import type { OperatorRepository } from './repository.ts';

/**
 * Who is an operator: granted and revoked only by the CLI (`operator grant|revoke|list`), never
 * through the API (ADR 028). Each change is in the audit log as done by 'cli'.
 */
export function createOperatorGrants(options: {
  db: Database;
  repository: OperatorRepository;
  now?: () => Date;
}) {
  const { db, repository } = options;
  const now = options.now ?? (() => new Date());

  async function change(email: string, grant: boolean) {
    const user = await repository.userByEmail(email);
    if (!user) throw new Error(`No user has the email ${email.trim().toLowerCase()}`);
    if (Boolean(user.operatorSince) === grant) return { email: user.email, changed: false };
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await repository.setOperator(tx, user.id, grant ? now() : null);
      await recordAction(repository, tx, CLI_ACTOR, {
        action: grant ? 'operator.grant' : 'operator.revoke',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
      });
    });
    return { email: user.email, changed: true };
  }

  return {
    grant: (email: string) => change(email, true),
    revoke: (email: string) => change(email, false),
    list: () => repository.operators(),
  };
}
