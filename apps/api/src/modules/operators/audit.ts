import type { Database } from '../../db/client.ts';
import type { OperatorRepository } from './repository.ts';

/** Who acted: an operator signed in to the console, or a command on the server's machine. */
export interface Actor {
  id: string;
  email: string;
}

export const CLI_ACTOR: Actor = { id: 'cli', email: 'cli' };

export interface AuditedAction {
  action: string;
  targetType: string;
  targetId: string;
  /** The record's name at the time (an organization's name, a user's email). */
  targetLabel?: string;
  reason?: string;
  details?: Record<string, unknown>;
}

/** Adds the action to the audit log, in the transaction that makes it (ADR 028). */
export function recordAction(
  repository: Pick<OperatorRepository, 'record'>,
  executor: Database,
  actor: Actor,
  entry: AuditedAction,
) {
  return repository.record(executor, { actorId: actor.id, actorEmail: actor.email, ...entry });
}

/** One page of the audit log, newest first, searched by operator, action, record or reason. */
export async function auditPage(
  repository: Pick<OperatorRepository, 'audit'>,
  query: { q?: string; page: number },
) {
  const { rows, total } = await repository.audit(query);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      reason: row.reason,
    })),
    total,
  };
}
