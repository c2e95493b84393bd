import { ALL_COUNTRIES_CODE, apiMessages } from '@si/contracts';
import { badRequest } from '../../http/errors.ts';
import type { ReferenceService } from './service.ts';

/**
 * Refuses a list's filter (the directory's, the open roles', a saved search's) that names a
 * country or a category the reference data does not have, with the field named. ALL is the
 * directory's "no particular country" and always known.
 */
export async function requireKnownReferences(
  reference: Pick<ReferenceService, 'snapshot'>,
  filter: { country?: string | null | undefined; categories?: readonly string[] | undefined },
): Promise<void> {
  const snapshot = await reference.snapshot();
  const { country } = filter;
  if (country && country !== ALL_COUNTRIES_CODE && !snapshot.countryByCode.has(country)) {
    throw badRequest(apiMessages.unknownCountry(country), {
      country: apiMessages.unknownCountry(country),
    });
  }
  const unknown = (filter.categories ?? []).filter((id) => !snapshot.categoryById.has(id));
  if (unknown.length > 0) {
    throw badRequest(apiMessages.unknownCategories(unknown), {
      categories: apiMessages.unknownCategories(unknown),
    });
  }
}
