import { z } from 'zod';
import { ORGANIZATION_LIST_MAX_LIMIT, MAX_FILTER_CATEGORIES, SEARCH_QUERY_MAX } from './limits.ts';
import { OrganizationId, commaList } from './organizations.ts';
import { CategoryId, CountryCode } from './reference.ts';
import { roleKinds, roleWorkplaces } from './role-texts.ts';
import { roleListMessages } from './role-list-texts.ts';
import { RoleId } from './roles.ts';

/** A page of GET /api/roles holds this many roles unless `limit` says otherwise. */
export const ROLE_LIST_DEFAULT_LIMIT = 24;

const RoleKindName = z.enum(roleKinds, { error: roleListMessages.unknownKind });

/**
 * Query of GET /api/roles (ADR 044): every open role of published organizations, newest first.
 * Every value arrives as a string; the URL form is the directory's (comma-joined lists).
 */
export const RoleListQuery = z
  .object({
    /** Comma-joined role kinds; a role matches when it is any one of them. */
    kind: z
      .string()
      .max(200)
      .transform((value) => [
        ...new Set(
          value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(RoleKindName))
      .optional(),
    /** Remote roles only (`true`); left out, every workplace. */
    remote: z.enum(['true'], { message: roleListMessages.remoteTrueOnly }).optional(),
    /**
     * On-site and hybrid roles in the country, and remote roles open to it or to anywhere.
     * ALL, as in the directory, asks for no particular country.
     */
    country: CountryCode.optional(),
    /** The organization's categories, comma-joined; a role matches when it has every one. */
    categories: commaList(CategoryId, MAX_FILTER_CATEGORIES).optional(),
    /** Prefix text search over the role's title and its organization's name. */
    q: z
      .string()
      .max(SEARCH_QUERY_MAX, `Search text is at most ${SEARCH_QUERY_MAX} characters`)
      .transform((value) => value.trim())
      .optional(),
    limit: z.coerce
      .number({ error: roleListMessages.limit })
      .int(roleListMessages.limit)
      .min(1, roleListMessages.limit)
      .max(ORGANIZATION_LIST_MAX_LIMIT, roleListMessages.limit)
      .default(ROLE_LIST_DEFAULT_LIMIT),
    cursor: z.string().max(500).optional(),
  })
  .strict();
export type RoleListQuery = z.infer<typeof RoleListQuery>;

/** One open role as the list shows it: enough for a row; the role's page has the rest. */
export const RoleListItem = z.object({
  id: RoleId,
  organizationId: OrganizationId,
  organizationName: z.string(),
  title: z.string(),
  kind: z.enum(roleKinds),
  workplace: z.enum(roleWorkplaces),
  /** On site and hybrid: where; remote: null. */
  country: CountryCode.nullable(),
  city: z.string().nullable(),
  /** Remote only: where it may be worked from; empty means anywhere. */
  remoteCountries: z.array(CountryCode),
  postedAt: z.iso.datetime(),
  closesOn: z.string(),
});
export type RoleListItem = z.infer<typeof RoleListItem>;

export const RoleListMeta = z.object({
  /** Open roles matching the whole filter. */
  total: z.number().int(),
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RoleListMeta = z.infer<typeof RoleListMeta>;
