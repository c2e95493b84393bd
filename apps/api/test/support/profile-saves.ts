import type { Organization } from '@si/contracts';
import type { Body } from './accounts.ts';
import type { Agent } from './browser-agent.ts';

/**
 * Saves the owner's profile through the API as the editor does: the version it just read, every
 * editable field (these defaults, then `changes`).
 */
export async function saveProfile(
  owner: Agent,
  id: string,
  changes: { categoryIds: string[] } & Partial<Record<string, unknown>>,
) {
  const { version } = (await owner.get<Body<Organization>>(`/api/organizations/${id}`)).body.data;
  return owner.call<Body<Organization>>('PUT', `/api/organizations/${id}`, {
    version,
    name: 'Tidewater Marsh Trust',
    description: 'Restores salt marshes.',
    country: 'PT',
    location: 'Aveiro',
    foundedYear: 2011,
    websiteUrl: null,
    linkedinUrl: null,
    twitterUrl: null,
    blogUrl: null,
    categoriesOrder: {},
    categoriesDetails: {},
    ...changes,
  });
}
