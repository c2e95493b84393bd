import { Suspense, type ReactNode } from 'react';
import {
  ALL_COUNTRIES_CODE,
  detailTexts,
  type Category,
  type Country,
  type Organization,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { CountryFlag } from '../../../components/ui/country-flag';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { ScrollToTopButton } from '../../../components/ui/scroll-to-top-button';
import { VerifiedLine } from '../../../components/ui/verified-badge';
import { useRolesAndMilestones } from '../api/get-roles-and-milestones';
import { useBackNavigation } from '../hooks/use-back-navigation';
import { CategorySections, JumpToList } from './category-sections';
import { ConnectLinks } from './connect-links';
import { CompanyPropertiesCard, formatPlace, OrganizationInfoCard } from './fact-cards';
import { orderCategories } from './order-categories';
import { ProfileHeader } from './profile-header';
import { Milestones, OpenRoles } from './roles-and-milestones';

export interface OrganizationProfileProps {
  organization: Organization;
  categoriesById: ReadonlyMap<string, Category>;
  countriesByCode: ReadonlyMap<string, Country>;
  /** Shown opposite 'Back to results' (the owner's Edit and Delete). */
  actions?: ReactNode;
  /** Under everything else: the visitor's 'Report this profile'. */
  footer?: ReactNode;
}

/**
 * The public profile: banner, logo, name, About, Connect, open roles, categories in the owner's
 * order, milestones, facts.
 */
export function OrganizationProfile({
  organization,
  categoriesById,
  countriesByCode,
  actions,
  footer,
}: OrganizationProfileProps) {
  const goBack = useBackNavigation('/');
  const { sections, properties } = orderCategories(organization, categoriesById);
  const country = countriesByCode.get(organization.country);
  const place = formatPlace(organization.location, country, organization.country);
  const { roles, milestones } = useRolesAndMilestones(organization.id);

  return (
    <article className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* A link to the directory, so it works before the app runs (and without it); the app
            goes back instead, to the results as the visitor left them. */}
        <a
          href="/"
          onClick={(event) => {
            if (
              event.button !== 0 ||
              event.metaKey ||
              event.altKey ||
              event.ctrlKey ||
              event.shiftKey
            )
              return;
            event.preventDefault();
            goBack();
          }}
          className={buttonClasses('ghost', 'sm', '-ml-3')}
        >
          <ArrowLeftIcon className="size-4" />
          {detailTexts.backToResults}
        </a>
        {actions}
      </div>

      <header className="flex flex-col gap-5">
        <ProfileHeader organization={organization} />
        <div className="flex flex-col gap-5 sm:px-8">
          {organization.verification ? (
            <VerifiedLine verification={organization.verification} />
          ) : null}
          {place || organization.foundedYear !== null ? (
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-ink-muted">
              {place ? (
                <span className="flex items-center gap-1.5">
                  {organization.country !== ALL_COUNTRIES_CODE && country ? (
                    <CountryFlag emoji={country.flagEmoji} />
                  ) : null}
                  {place}
                </span>
              ) : null}
              {organization.foundedYear !== null ? (
                <span>{`Founded ${organization.foundedYear}`}</span>
              ) : null}
            </p>
          ) : null}
          <ConnectLinks organization={organization} />
        </div>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-10">
          <section aria-labelledby="about-heading" className="flex flex-col gap-3">
            <h2 id="about-heading" className="text-xl font-semibold">
              {detailTexts.about}
            </h2>
            <p className="max-w-prose text-lg whitespace-pre-line break-words text-ink">
              {organization.description}
            </p>
          </section>

          {/* Each boundary is hydrated in a later pass that yields to the browser, not in the
              page's one long task (ADR 039); nothing under them suspends once hydrated. */}
          <Suspense>
            <OpenRoles
              organizationId={organization.id}
              roles={roles}
              countriesByCode={countriesByCode}
            />
          </Suspense>

          <Suspense>
            {sections.length + properties.length > 0 ? (
              <section
                aria-labelledby="details-heading"
                className="flex flex-col gap-4 border-t border-line pt-8"
              >
                <h2 id="details-heading" className="text-headline font-semibold tracking-tight">
                  {detailTexts.details}
                </h2>
                <JumpToList categories={[...sections, ...properties]} />
              </section>
            ) : null}

            <CategorySections organization={organization} categories={sections} />
          </Suspense>

          <Suspense>
            <Milestones milestones={milestones} />
          </Suspense>
        </div>

        <aside className="flex flex-col gap-5 lg:sticky lg:top-24">
          <Suspense>
            <CompanyPropertiesCard categories={properties} />
            <OrganizationInfoCard organization={organization} country={country} />
          </Suspense>
        </aside>
      </div>

      {footer}
      <ScrollToTopButton />
    </article>
  );
}
