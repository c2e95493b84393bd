import {
  domainVerificationTexts,
  ALL_COUNTRIES_CODE,
  detailTexts,
  homeTexts,
  notFoundTexts,
  pageDescriptions,
  siteName,
  titleSuffix,
  type Organization,
} from '@si/contracts';
import { summarize, type PageHead } from './head-tags.ts';
import { feedLinks } from './feed-links.ts';

const homeDescription = pageDescriptions.home;

export const absolute = (publicUrl: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${publicUrl}${url}`;

/** Link-preview images are 1200x630, the size LinkedIn, Slack and X expect. */
export const previewImageSize = { imageWidth: 1200, imageHeight: 630 };

/** Where a published profile's share card is served (routes.ts). */
export const SHARE_IMAGE_ROUTE = '/og/organizations/:id.png';

/**
 * A profile's share card, with its version in the query: an edit gives previews a new URL, so
 * caches that keep images by URL (most link-preview services) fetch the new card.
 */
export function shareImageUrl(
  publicUrl: string,
  organization: Pick<Organization, 'id' | 'updatedAt'>,
): string {
  const path = SHARE_IMAGE_ROUTE.replace(':id', encodeURIComponent(organization.id));
  return `${publicUrl}${path}?v=${Date.parse(organization.updatedAt)}`;
}

/** The directory's head; its feed links carry the filters in `search` (the page's key's). */
export function homeHead(publicUrl: string, search = new URLSearchParams()): PageHead {
  return {
    alternates: feedLinks(publicUrl, 'organizations', search),
    title: homeTexts.title,
    description: homeDescription,
    canonicalUrl: `${publicUrl}/`,
    imageUrl: `${publicUrl}/og-image.png`,
    imageAlt: siteName,
    ...previewImageSize,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: siteName,
      url: `${publicUrl}/`,
      description: homeDescription,
    },
  };
}

export function organizationHead(
  publicUrl: string,
  organization: Organization,
  countryName?: string,
): PageHead {
  const url = `${publicUrl}/organizations/${organization.id}`;
  const sameAs = [
    organization.websiteUrl,
    organization.linkedinUrl,
    organization.twitterUrl,
    organization.blogUrl,
  ].filter((link): link is string => !!link && /^https?:\/\//i.test(link));
  return {
    title: detailTexts.title(organization.name),
    description: summarize(organization.description),
    canonicalUrl: url,
    imageUrl: shareImageUrl(publicUrl, organization),
    imageAlt: `${organization.name} on ${siteName}`,
    ...previewImageSize,
    type: 'profile',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: organization.name,
      description: organization.description,
      url,
      ...(organization.logo && { logo: absolute(publicUrl, organization.logo) }),
      ...(organization.bannerImage && { image: absolute(publicUrl, organization.bannerImage) }),
      ...(organization.foundedYear && { foundingDate: String(organization.foundedYear) }),
      ...((organization.location ||
        (countryName && organization.country !== ALL_COUNTRIES_CODE)) && {
        address: {
          '@type': 'PostalAddress',
          ...(organization.location && { addressLocality: organization.location }),
          ...(organization.country !== ALL_COUNTRIES_CODE && {
            addressCountry: organization.country,
          }),
        },
      }),
      ...(sameAs.length > 0 && { sameAs }),
      // The Verified badge (ADR 032), as schema.org's certification of an organization.
      ...(organization.verification && {
        hasCertification: {
          '@type': 'Certification',
          name: domainVerificationTexts.badge,
          certificationIdentification: organization.verification.domain,
          issuedBy: { '@type': 'Organization', name: siteName, url: `${publicUrl}/` },
          validFrom: organization.verification.verifiedAt,
        },
      }),
    },
  };
}

export function organizationNotFoundHead(publicUrl: string, id: string): PageHead {
  return {
    title: detailTexts.notFoundTitle,
    description: detailTexts.notFoundBody(id),
    canonicalUrl: `${publicUrl}/organizations/${encodeURIComponent(id)}`,
    noIndex: true,
  };
}

export function notFoundHead(publicUrl: string, path: string): PageHead {
  return {
    title: `${notFoundTexts.title}${titleSuffix}`,
    description: notFoundTexts.body,
    canonicalUrl: `${publicUrl}${path}`,
    noIndex: true,
  };
}

/** Any other page (About, FAQ, the account pages): its own title and description. */
export function genericHead(
  publicUrl: string,
  path: string,
  title: string,
  description: string,
): PageHead {
  return { title, description, canonicalUrl: `${publicUrl}${path}` };
}
