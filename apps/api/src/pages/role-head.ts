import {
  rolePageTexts,
  siteName,
  type Organization,
  type PayPeriod,
  type Role,
  type RoleKind,
} from '@si/contracts';
import { summarize, type PageHead } from './head-tags.ts';
import { absolute, previewImageSize, shareImageUrl } from './page-heads.ts';
import { roleUrl } from './spa-routes.ts';

/** schema.org's employment types, as Google's job search reads them. */
const employmentTypes: Record<RoleKind, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
  volunteer: 'VOLUNTEER',
  fellowship: 'OTHER',
};

const salaryUnits: Record<PayPeriod, string> = { hour: 'HOUR', month: 'MONTH', year: 'YEAR' };

/** Where the role is worked, as a JobPosting says it: a place, or remote from some countries. */
function jobPlace(role: Role, countryName: (code: string) => string) {
  if (role.workplace !== 'remote') {
    return {
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          ...(role.city && { addressLocality: role.city }),
          ...(role.country && { addressCountry: role.country }),
        },
      },
    };
  }
  return {
    jobLocationType: 'TELECOMMUTE',
    // None listed: anywhere, which Google reads from the requirement left out.
    ...(role.remoteCountries.length > 0 && {
      applicantLocationRequirements: role.remoteCountries.map((code) => ({
        '@type': 'Country',
        name: countryName(code),
      })),
    }),
  };
}

/**
 * An open role's head: its title and organization, the organization's share card (a role has
 * none of its own), and a JobPosting (Google's required and recommended properties).
 */
export function roleHead(
  publicUrl: string,
  organization: Organization,
  role: Role,
  countryName: (code: string) => string,
): PageHead {
  const url = `${publicUrl}${roleUrl(organization.id, role.id)}`;
  const website = organization.websiteUrl;
  return {
    title: rolePageTexts.title(role.title, organization.name),
    description: summarize(
      `${role.title} ${rolePageTexts.at(organization.name)}. ${role.description}`,
    ),
    canonicalUrl: url,
    imageUrl: shareImageUrl(publicUrl, organization),
    imageAlt: `${organization.name} on ${siteName}`,
    ...previewImageSize,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: role.title,
      description: role.description,
      url,
      datePosted: role.postedAt,
      // Open through the end of its closing date, a UTC date (ADR 042).
      validThrough: `${role.closesOn}T23:59:59Z`,
      employmentType: employmentTypes[role.kind],
      hiringOrganization: {
        '@type': 'Organization',
        name: organization.name,
        ...(website && /^https?:\/\//i.test(website) && { sameAs: website }),
        ...(organization.logo && { logo: absolute(publicUrl, organization.logo) }),
      },
      ...jobPlace(role, countryName),
      ...(role.pay && {
        baseSalary: {
          '@type': 'MonetaryAmount',
          currency: role.pay.currency,
          value: {
            '@type': 'QuantitativeValue',
            minValue: role.pay.min,
            maxValue: role.pay.max,
            unitText: salaryUnits[role.pay.period],
          },
        },
      }),
      // Applications go to the organization's own page or inbox.
      directApply: false,
      identifier: { '@type': 'PropertyValue', name: organization.name, value: role.id },
    },
  };
}

/** A role no longer open (410): kept out of search results, and no JobPosting. */
export function roleGoneHead(publicUrl: string, path: string): PageHead {
  return {
    title: rolePageTexts.goneTitle,
    description: rolePageTexts.goneHeading,
    canonicalUrl: `${publicUrl}${path}`,
    noIndex: true,
  };
}
