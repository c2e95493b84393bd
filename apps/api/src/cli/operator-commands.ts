import type { Database } from '../db/client.ts';
import { createOperatorGrants } from '../modules/operators/grants.ts';
import { createOperatorRepository } from '../modules/operators/repository.ts';

export const operatorUsage = `  operator grant EMAIL        make the user with EMAIL an operator (the console at /admin)
  operator revoke EMAIL       take the console away from them
  operator list               every operator and since when`;

/**
 * Operator grants (ADR 028): the only way anyone becomes an operator. Returns false for a
 * command it does not know. The change counts from the operator's next request.
 */
export async function runOperatorCommand(
  command: string,
  args: string[],
  { db, print }: { db: Database; print: (line: string) => void },
): Promise<boolean> {
  if (command !== 'operator') return false;
  const grants = createOperatorGrants({ db, repository: createOperatorRepository(db) });
  const [action, email, ...extra] = args;
  if (action === 'list' && email === undefined) {
    const operators = await grants.list();
    if (operators.length === 0) print('no operators (grant one with: operator grant EMAIL)');
    for (const operator of operators) {
      print(`${operator.email}\toperator since ${operator.operatorSince!.toISOString()}`);
    }
    return true;
  }
  if ((action === 'grant' || action === 'revoke') && email && extra.length === 0) {
    const result = await grants[action](email);
    if (action === 'grant') {
      print(
        result.changed
          ? `${result.email} is now an operator: the console is at /admin (sign in again if the session is over 12 hours old)`
          : `${result.email} is already an operator`,
      );
    } else {
      print(
        result.changed
          ? `${result.email} is no longer an operator`
          : `${result.email} was not an operator`,
      );
    }
    return true;
  }
  throw new Error(`Usage:\n${operatorUsage}`);
}
