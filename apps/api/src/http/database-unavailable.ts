/**
 * Node's socket errors and PostgreSQL's SQLSTATEs that mean the database is out of reach
 * (class 08, connection exception; 57P0x, shutting down or starting; 53300, too many
 * connections), rather than a query that was wrong.
 */
const unreachable = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** Whether an error, or one it was caused by (Drizzle wraps the driver's), is such a one. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (unreachable.has(code) || code.startsWith('08'))) return true;
    // node-postgres says these in words only.
    if (
      typeof message === 'string' &&
      /^Connection terminated|timeout exceeded when trying to connect/.test(message)
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}
