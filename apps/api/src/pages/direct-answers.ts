import { OrganizationListQuery } from '@si/contracts';
import { AppError } from '../http/errors.ts';
import { appErrorBody } from '../http/error-handler.ts';
import type { OrganizationService } from '../modules/organizations/service.ts';
import type { RenderBasis } from './server-renderer.ts';

const ACTIVE_COUNTRIES = '/api/organizations/active-countries';
const PROFILE_ANSWER = /^\/api\/organizations\/([^/?]+)$/;
const LIST_PATH = '/api/organizations';

type DirectAnswer = Promise<{ status: number; body: unknown }>;

/** An answer as its route gives it: the service's result, or the body of its refusal. */
function answered(work: Promise<unknown>): DirectAnswer {
  return work.then(
    (body) => ({ status: 200, body }),
    (error: unknown) => {
      if (error instanceof AppError) return { status: error.statusCode, body: appErrorBody(error) };
      throw error;
    },
  );
}

/** A path segment decoded, or null when its escapes are not valid UTF-8 (no page has it). */
export function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The list's query as its route reads it, or null for one its route should answer itself: a
 * name given twice (the route reads a list), or a value the schema refuses (the route words the
 * refusal).
 */
function listQuery(search: string): OrganizationListQuery | null {
  const params = new URLSearchParams(search);
  const query: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(query, name)) return null;
    query[name] = value;
  }
  const parsed = OrganizationListQuery.safeParse(query);
  return parsed.success ? parsed.data : null;
}

/**
 * The reads every page render makes, answered as their routes answer a visitor without a session
 * but without going through the routes (no injected request, no JSON written and read again):
 * a profile (GET /api/organizations/:id), a page of the directory (GET /api/organizations) and
 * the countries it lists (GET /api/organizations/active-countries), the last two as of the
 * directory version the page's request read. Null: a URL its route answers itself.
 */
export function directAnswers(organizations: OrganizationService) {
  return (url: string, basis: RenderBasis): DirectAnswer | null => {
    const { directoryVersion } = basis;
    if (url === LIST_PATH || url.startsWith(`${LIST_PATH}?`)) {
      const query = listQuery(url.slice(LIST_PATH.length));
      if (!query) return null;
      return answered(
        organizations.list(query, directoryVersion).then((page) => {
          basis.shown?.push(...page.ids);
          return {
            data: JSON.parse(page.items.toString()) as unknown,
            meta: JSON.parse(page.metaJson) as unknown,
          };
        }),
      );
    }
    if (url === ACTIVE_COUNTRIES) {
      return answered(
        organizations.activeCountries(directoryVersion).then((countries) => ({ data: countries })),
      );
    }
    const match = PROFILE_ANSWER.exec(url);
    const id = match ? decodedSegment(match[1]!) : null;
    if (id === null) return null;
    return answered(
      organizations.getPublished(id).then((organization) => ({ data: organization })),
    );
  };
}
