import { useState } from 'react';
import { ArrowRightIcon, MapPinIcon } from '../../../components/ui/icons';
import {
  ALL_COUNTRIES_CODE,
  type Category,
  type Country,
  hiringTexts,
  type OrganizationSummary,
} from '@si/contracts';
import { CategoryBadge } from '../../../components/ui/category-badge';
import { CountryFlag } from '../../../components/ui/country-flag';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { cx } from '../../../lib/class-names';
import { InAppLink } from '../../../lib/in-app-links';
import { OrganizationLogo } from './organization-logo';

/** Badges shown on the back before '+N more'. */
const MAX_BADGES = 4;
/** Badges shown on the front on touch screens before '+N more'. */
const MAX_FRONT_BADGES = 2;

export interface OrganizationCardProps {
  organization: OrganizationSummary;
  categoriesById: ReadonlyMap<string, Category>;
  countriesByCode: ReadonlyMap<string, Country>;
  /** Selected category ids; when empty every badge is highlighted. */
  activeCategoryIds: readonly string[];
  /** Load the logo eagerly (first row). */
  eager?: boolean;
}

/** 'Location, 🇰🇪 Kenya'; country ALL is left out. */
export function locationLine(
  location: string,
  country: Country | undefined,
): { text: string; flag: string | null } {
  const parts = [
    location.trim(),
    country && country.code !== ALL_COUNTRIES_CODE ? country.name : '',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    text: parts,
    flag: country && country.code !== ALL_COUNTRIES_CODE ? country.flagEmoji : null,
  };
}

/** The organization's categories, those of the active filter first. */
function sortedCategories(
  categoryIds: readonly string[],
  categoriesById: ReadonlyMap<string, Category>,
  active: ReadonlySet<string>,
): Category[] {
  return categoryIds
    .map((categoryId) => categoriesById.get(categoryId))
    .filter((category): category is Category => category !== undefined)
    .sort((a, b) => Number(active.has(b.id)) - Number(active.has(a.id)));
}

/**
 * A directory card that flips on hover and keyboard focus; the whole card links to the profile,
 * a plain link that the layout opens in the app (useInAppLinkClicks).
 * The back is drawn on the first hover or focus: a page of cards stays a few elements each.
 * A touch screen cannot hover, so there the front shows the first badges too. They are in the
 * server's HTML for every device and CSS hides them where the device can hover: drawn after
 * hydration instead, they re-rendered every card and laid the page out again in one long task
 * (ADR 039). The front's pin is CSS, not an icon's three elements:
 * with those badges the home page stays within its 800 elements (ADR 017). A verified
 * organization's badge sits in the front's top corner, beside the logo, where no text runs.
 */
export function OrganizationCard(props: OrganizationCardProps) {
  const { organization, countriesByCode, eager = false } = props;
  const { id, name, description, logo, country, location, verification, openRoles } = organization;
  const [backShown, setBackShown] = useState(false);
  const place = locationLine(
    location,
    country === ALL_COUNTRIES_CODE ? undefined : countriesByCode.get(country),
  );
  const showBack = () => setBackShown(true);

  return (
    <InAppLink
      to={`/organizations/${id}`}
      data-testid="organization-card"
      className="flip"
      onPointerEnter={showBack}
      onFocus={showBack}
    >
      <div className="flip-inner">
        <div className="flip-face flip-front">
          <OrganizationLogo name={name} logo={logo} eager={eager} />
          {verification ? (
            <VerifiedBadge verification={verification} className="absolute top-5 right-5" />
          ) : null}
          <h3 className="mt-4 line-clamp-2 text-xl font-semibold text-ink">{name}</h3>
          {/* The line of open roles takes one of the description's: the card keeps its height. */}
          <p
            className={cx(
              'mt-2 text-ink-muted',
              openRoles > 0
                ? 'line-clamp-2 [@media(hover:none)]:line-clamp-1'
                : 'line-clamp-3 [@media(hover:none)]:line-clamp-2',
            )}
          >
            {description}
          </p>
          {openRoles > 0 ? (
            <p className="mt-1 shrink-0 text-sm font-semibold text-brand-ink">
              {hiringTexts.openRoles(openRoles)}
            </p>
          ) : null}
          <FrontBadges {...props} />
          {place.text ? (
            <p
              aria-hidden="true"
              className="pin mt-auto flex items-center gap-1.5 pt-3 text-sm text-ink-subtle [@media(hover:none)]:[.front-badges+&]:mt-0"
            >
              <span className="truncate">{place.text}</span>
            </p>
          ) : null}
        </div>
        <div className="flip-face flip-back">
          {backShown ? <CardBack {...props} place={place} /> : null}
        </div>
      </div>
    </InAppLink>
  );
}

/**
 * The first badges on the front, for touch screens: one element each (the emoji is CSS from
 * data-emoji, silent for screen readers), on one line, then '+N more' (CSS from data-more).
 */
function FrontBadges({ organization, categoriesById, activeCategoryIds }: OrganizationCardProps) {
  const active = new Set(activeCategoryIds);
  const categories = sortedCategories(organization.categoryIds, categoriesById, active);
  if (categories.length === 0) return null;
  const shown = categories.slice(0, MAX_FRONT_BADGES);
  const hidden = categories.length - shown.length;
  return (
    <ul
      className="front-badges mt-auto pt-2 [@media(hover:hover)]:hidden"
      aria-label="Categories"
      data-more={hidden > 0 ? `+${hidden} more` : undefined}
    >
      {shown.map((category) => (
        <li
          key={category.id}
          data-group={category.groupId}
          data-emoji={category.emoji}
          data-variant={active.size === 0 || active.has(category.id) ? 'filled' : 'outlined'}
          className="front-badge"
        >
          {category.name}
        </li>
      ))}
    </ul>
  );
}

/** The back of the card: the categories (the selected ones first), the place and 'View profile'. */
function CardBack({
  organization,
  categoriesById,
  activeCategoryIds,
  place,
}: OrganizationCardProps & { place: ReturnType<typeof locationLine> }) {
  const { name, categoryIds, verification } = organization;
  const active = new Set(activeCategoryIds);
  const categories = sortedCategories(categoryIds, categoriesById, active);
  const shown = categories.slice(0, MAX_BADGES);
  const hidden = categories.length - shown.length;

  return (
    <>
      <p aria-hidden="true" className="line-clamp-2 text-lg font-semibold text-ink">
        {name}
      </p>
      {verification ? (
        <VerifiedBadge verification={verification} decorative className="mt-2 shrink-0" />
      ) : null}
      <ul
        className="mt-3 flex flex-wrap content-start gap-1.5 overflow-hidden"
        aria-label="Categories"
      >
        {shown.map((category) => (
          <li key={category.id} className="max-w-full">
            <CategoryBadge
              emoji={category.emoji}
              name={category.name}
              groupId={category.groupId}
              variant={active.size === 0 || active.has(category.id) ? 'filled' : 'outlined'}
            />
          </li>
        ))}
        {hidden > 0 ? (
          <li className="self-center text-sm text-ink-muted">{`+${hidden} more`}</li>
        ) : null}
      </ul>
      <div className="mt-auto flex items-end justify-between gap-3 pt-3">
        {place.text ? (
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-ink-muted">
            {place.flag ? (
              <CountryFlag emoji={place.flag} />
            ) : (
              <MapPinIcon className="size-4 shrink-0" />
            )}
            <span className="truncate">{place.text}</span>
          </p>
        ) : (
          <span />
        )}
        <span
          aria-hidden="true"
          className="flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-ink"
        >
          View profile
          <ArrowRightIcon className="size-4" />
        </span>
      </div>
    </>
  );
}
