import {
  ALL_COUNTRIES_CODE,
  detailTexts,
  type Category,
  type Country,
  type Organization,
} from '@si/contracts';
import { CategoryBadge } from '../../../components/ui/category-badge';
import { CountryFlag } from '../../../components/ui/country-flag';

const cardClasses = 'surface-card p-5';

/** 'Company Properties': the categories of the group company_properties. */
export function CompanyPropertiesCard({ categories }: { categories: Category[] }) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="company-properties-heading" className={cardClasses}>
      <h2 id="company-properties-heading" className="text-lg font-semibold">
        {detailTexts.companyProperties}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {categories.map((category) => (
          <li
            key={category.id}
            id={`category-${category.id}`}
            tabIndex={-1}
            className="scroll-mt-24 rounded-pill"
          >
            <CategoryBadge
              emoji={category.emoji}
              name={category.name}
              groupId={category.groupId}
              size="md"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Location plus country name; country ALL (all countries) is left out. */
export function formatPlace(location: string, country: Country | undefined, code: string): string {
  const countryName = code === ALL_COUNTRIES_CODE ? '' : (country?.name ?? code);
  return [location.trim(), countryName].filter(Boolean).join(', ');
}

export interface OrganizationInfoCardProps {
  organization: Pick<Organization, 'foundedYear' | 'location' | 'country'>;
  country: Country | undefined;
}

/** 'Organization Info': Founded Year and Location (hidden when empty). */
export function OrganizationInfoCard({ organization, country }: OrganizationInfoCardProps) {
  const place = formatPlace(organization.location, country, organization.country);
  const flag = organization.country !== ALL_COUNTRIES_CODE ? country?.flagEmoji : undefined;
  if (!place && organization.foundedYear === null) return null;
  return (
    <section aria-labelledby="organization-info-heading" className={cardClasses}>
      <h2 id="organization-info-heading" className="text-lg font-semibold">
        {detailTexts.info}
      </h2>
      <dl className="mt-3 flex flex-col gap-3">
        {organization.foundedYear !== null ? (
          <div>
            <dt className="text-sm font-semibold text-ink-muted">{detailTexts.foundedYear}</dt>
            <dd className="text-base text-ink">{organization.foundedYear}</dd>
          </div>
        ) : null}
        {place ? (
          <div>
            <dt className="text-sm font-semibold text-ink-muted">{detailTexts.location}</dt>
            <dd className="flex items-center gap-1.5 text-base text-ink">
              <span>{place}</span>
              {flag ? <CountryFlag emoji={flag} /> : null}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
