import type { MemberRole, Organization } from '@si/contracts';
import { json, makeUser, stubApi } from './auth-fixtures';
import { categories, countries } from './fixtures';

/**
 * Stubs what a profile page calls: the organization (at its own id), reference data and the
 * session of `user` (its owner, makeUser(), unless told; null for a signed-out visitor), with
 * `extra` calls. The user's organizations hold this one with `role` (ADR 047): by default an
 * owner's for its creator, none for anyone else.
 */
export function profileApi(
  organization: Organization,
  user: ReturnType<typeof makeUser> | null = makeUser(),
  extra: Parameters<typeof stubApi>[0] = {},
  role: MemberRole | null = user && user.id === organization.createdBy ? 'owner' : null,
) {
  return stubApi({
    'GET /api/auth/session': () => json({ data: user }),
    'GET /api/users/profile': () => json({ data: user }),
    [`GET /api/organizations/${organization.id}`]: () => json({ data: organization }),
    'GET /api/categories': () => json({ data: categories }),
    'GET /api/countries': () => json({ data: countries }),
    'GET /api/users/organizations': () =>
      json({ data: role ? [{ ...organization, myRole: role }] : [] }),
    ...extra,
  });
}
