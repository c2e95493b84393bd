/**
 * An error as it may be written to the log. A failed query's error carries its parameters
 * (what visitors typed, email addresses, tokens); the log gets the statement and the database's
 * own code and message, never the values.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const query = (error as { query?: unknown }).query;
  if (typeof query !== 'string' || !('params' in error)) return error;
  const cause = error.cause as Record<string, unknown> | undefined;
  return {
    type: error.name,
    message: 'database query failed',
    query,
    // The stack's first lines repeat the message, parameters included: only the frames stay.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
    cause: cause && {
      message: cause.message,
      code: cause.code,
      severity: cause.severity,
      routine: cause.routine,
      table: cause.table,
      constraint: cause.constraint,
    },
  };
}
