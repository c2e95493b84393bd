import { titleSuffix } from './messages.ts';

/**
 * SPEC.md's texts of the pages that load after the home page (organization profile, not-found,
 * FAQ, footer). Kept apart from messages.ts so the web app's first load carries only the texts
 * of the home page (docs/decisions/005 and 006).
 */

export const detailTexts = {
  title: (name: string) => `${name}${titleSuffix}`,
  notFoundTitle: `Organization Not Found${titleSuffix}`,
  errorTitle: `Error${titleSuffix}`,
  notFoundHeading: 'Organization Not Found',
  notFoundBody: (id: string) => `Organization with ID "${id}" not found`,
  missingId: 'Organization ID is missing',
  fetchError: 'An error occurred while fetching the organization data. Please try again later.',
  backToOrganizations: 'Back to organizations',
  backToResults: 'Back to results',
  about: 'About',
  connect: 'Connect',
  details: 'Organization Details',
  jumpTo: 'Jump to:',
  categories: 'Categories',
  companyProperties: 'Company Properties',
  info: 'Organization Info',
  foundedYear: 'Founded Year',
  location: 'Location',
  defaultCategorySentence: (orgName: string, categoryName: string) =>
    `${orgName} is committed to excellence in the field of ${categoryName}.`,
} as const;

export const notFoundTexts = {
  title: 'Page Not Found',
  body: "The page you're looking for doesn't exist or has been moved.",
  link: 'Return to Home',
} as const;

export const faqTexts = {
  empty: 'No FAQs available for this category.',
} as const;

export const footerTexts = {
  tagline:
    'Connecting mission-driven organizations with the resources they need to create meaningful impact.',
  subscribe: 'Subscribe',
  subscribed: 'Thanks for subscribing! Watch your inbox for news from Scaling Impact.',
} as const;
