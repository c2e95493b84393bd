import { OrganizationListQuery, type Country, type Organization } from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import { appErrorBody } from '../../http/error-handler.ts';
import type { DirectoryPage, OrganizationService } from './service.ts';

/** Where routes.ts answers the public reads (registered under /api). */
const LIST_URL = '/api/organizations';
const ACTIVE_COUNTRIES_URL = '/api/organizations/active-countries';
const PROFILE_URL = /^\/api\/organizations\/([^/?]+)$/;

const DATA = Buffer.from('{"data":');

/** `{"data":[...items],"meta":{...}}` from items already serialized: the list route's body. */
export function directoryPageBody(page: DirectoryPage): Buffer {
  return Buffer.concat([DATA, page.items, Buffer.from(`,"meta":${page.metaJson}}`)]);
}

/** A path segment decoded, or null when its escapes are not valid UTF-8 (no organization has it). */
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

/** A read answered in-process: its status, its body, and the organizations a list page shows. */
export interface InProcessAnswer {
  status: number;
  body: unknown;
  listed: string[];
}

/** An answer as its route gives it: the read's result, or the body of its refusal. */
function answered(work: Promise<{ body: unknown; listed?: string[] }>): Promise<InProcessAnswer> {
  return work.then(
    ({ body, listed = [] }) => ({ status: 200, body, listed }),
    (error: unknown) => {
      if (error instanceof AppError) {
        return { status: error.statusCode, body: appErrorBody(error), listed: [] };
      }
      throw error;
    },
  );
}

/**
 * The organization routes' public reads, one function per answer: the JSON routes (routes.ts)
 * call them, and so do the server's page renders, in-process (`answer`), so a rendered page
 * shows what the API answers a visitor without a session.
 */
export function publicReads(
  organizations: Pick<OrganizationService, 'list' | 'activeCountries' | 'getVisible'>,
) {
  const reads = {
    /**
     * GET /api/organizations: a page of the directory, serialized, holding every change up to
     * `atLeast` when given (a directory version its caller read).
     */
    directoryPage: (query: OrganizationListQuery, atLeast?: number): Promise<DirectoryPage> =>
      organizations.list(query, atLeast),

    /** GET /api/organizations/active-countries, as fresh as a page of the directory. */
    activeCountries: async (atLeast?: number): Promise<{ data: Country[] }> => ({
      data: await organizations.activeCountries(atLeast),
    }),

    /**
     * GET /api/organizations/:id: a published profile, or the caller's own unpublished one
     * (`viewerId` is asked for only then: a visitor without a session has none).
     */
    profile: (
      id: string,
      viewerId: () => Promise<string | null> = async () => null,
    ): Promise<Organization> => organizations.getVisible(id, viewerId),
  };

  return {
    ...reads,

    /**
     * A GET of one of these reads by its URL, answered as its route answers a visitor without a
     * session, without going through the route (no injected request, no JSON written and read
     * again); the directory's as of `atLeast`. Null: a URL its route answers itself.
     */
    answer(url: string, atLeast?: number): Promise<InProcessAnswer> | null {
      if (url === LIST_URL || url.startsWith(`${LIST_URL}?`)) {
        const query = listQuery(url.slice(LIST_URL.length));
        if (!query) return null;
        return answered(
          reads.directoryPage(query, atLeast).then((page) => ({
            body: {
              data: JSON.parse(page.items.toString()) as unknown,
              meta: JSON.parse(page.metaJson) as unknown,
            },
            listed: page.ids,
          })),
        );
      }
      if (url === ACTIVE_COUNTRIES_URL) {
        return answered(reads.activeCountries(atLeast).then((body) => ({ body })));
      }
      const match = PROFILE_URL.exec(url);
      const id = match ? decodedSegment(match[1]!) : null;
      if (id === null) return null;
      return answered(reads.profile(id).then((organization) => ({ body: { data: organization } })));
    },
  };
}

export type PublicReads = ReturnType<typeof publicReads>;
