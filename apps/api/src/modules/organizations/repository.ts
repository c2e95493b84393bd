import type { Database } from '../../db/client.ts';
import { createDirectoryQueries } from './directory-queries.ts';
import { createImageWrites } from './image-writes.ts';
import { createMemberQueries } from './member-queries.ts';
import { createProfileQueries } from './profile-queries.ts';
import { createProfileWrites } from './profile-writes.ts';
import { createPublishedQueries } from './published-queries.ts';

export type { OrganizationCategoryRow, OrganizationRow } from './organization-rows.ts';

/** The organizations' queries, by use case (the files imported above). */
export function createOrganizationRepository(db: Database) {
  return {
    ...createPublishedQueries(db),
    ...createDirectoryQueries(db),
    ...createProfileQueries(db),
    ...createProfileWrites(db),
    ...createImageWrites(db),
    ...createMemberQueries(db),
  };
}
export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
