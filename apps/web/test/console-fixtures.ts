import { json, makeUser, stubApi } from './auth-fixtures';

/** A console list's meta: one page of 50. */
export const meta = (total: number) => ({ page: 1, pageSize: 50, total });

/** The API as an operator sees it, with the section's own answers. */
export function consoleApi(extra: Parameters<typeof stubApi>[0] = {}) {
  const user = makeUser({ email: 'operator@example.org' });
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/admin/me': () => json({ data: { email: 'operator@example.org' } }),
    ...extra,
  });
}

/** A 204 answer. */
export const noContent = () => Promise.resolve(new Response(null, { status: 204 }));
