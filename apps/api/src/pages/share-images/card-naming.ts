import { createHash } from 'node:crypto';
import {
  ALL_COUNTRIES_CODE,
  COMPANY_PROPERTIES_GROUP_ID,
  DEFAULT_CATEGORY_ID,
  type Category,
} from '@si/contracts';
import { SHARE_CARDS_PREFIX } from '../../adapters/storage/storage.ts';
import type {
  OrganizationCategoryRow,
  OrganizationRow,
} from '../../modules/organizations/repository.ts';
import type { ReferenceService } from '../../modules/reference/service.ts';
import type { ShareCardContent } from './share-card.ts';

/** Goes up when the drawing (or its encoding) changes, so stored cards and crawlers' ETags are replaced. */
const DESIGN_REVISION = 3;

/** A stored card's key: `share-cards/<organization id>/<digest>.png`. */
export const cardKey = /^share-cards\/([0-9a-f-]{36})\/[0-9a-f]{32}\.png$/;

/** What a card shows, without the image files: it names the card (its ETag) before any is read. */
export type CardSource = Omit<ShareCardContent, 'logo' | 'banner'> & {
  logoUrl: string | null;
  bannerUrl: string | null;
};

/** The rows a card is made from, as shareCardRows gives them. */
export interface CardRows {
  row: Pick<
    OrganizationRow,
    'published' | 'name' | 'location' | 'country' | 'logo' | 'bannerImage'
  >;
  links: Pick<OrganizationCategoryRow, 'categoryId' | 'sortOrder'>[];
}

/** A published organization's card as its rows are now: its tag, its file and what it shows. */
export interface CurrentCard {
  id: string;
  /** Strong ETag: the digest of what the card shows, known before it is drawn. */
  etag: string;
  /** Where it is stored; the digest is in the name, so a stored file is never out of date. */
  key: string;
  source: CardSource;
}

export type Snapshot = Awaited<ReturnType<ReferenceService['snapshot']>>;

/** The card of a published organization's rows, named by what it shows; null when unpublished. */
export function cardOf(
  id: string,
  found: CardRows | null,
  snapshot: Snapshot,
  host: string,
): CurrentCard | null {
  if (!found?.row.published) return null;
  const source = cardSource(found, snapshot, host);
  const digest = createHash('sha256')
    .update(JSON.stringify([DESIGN_REVISION, source]))
    .digest('hex')
    .slice(0, 32);
  return { id, etag: `"${digest}"`, key: `${SHARE_CARDS_PREFIX}${id}/${digest}.png`, source };
}

/** The card's words from the rows, as the profile page shows them (place, categories' order). */
function cardSource({ row, links }: CardRows, snapshot: Snapshot, host: string): CardSource {
  const everywhere = row.country === ALL_COUNTRIES_CODE;
  const country = everywhere ? undefined : snapshot.countryByCode.get(row.country);
  const place = [row.location.trim(), everywhere ? '' : (country?.name ?? row.country)]
    .filter(Boolean)
    .join(', ');
  const ordered = [...links]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((link) => snapshot.categoryById.get(link.categoryId))
    .filter((category): category is Category => !!category && category.id !== DEFAULT_CATEGORY_ID);
  // Titled sections first, company properties after them, as on the profile page.
  const categories = [
    ...ordered.filter((category) => category.groupId !== COMPANY_PROPERTIES_GROUP_ID),
    ...ordered.filter((category) => category.groupId === COMPANY_PROPERTIES_GROUP_ID),
  ].map(({ emoji, name, groupId }) => ({ emoji, name, groupId }));
  return {
    name: row.name,
    place,
    flagEmoji: country?.flagEmoji ?? null,
    categories,
    logoUrl: row.logo,
    bannerUrl: row.bannerImage,
    host,
  };
}
