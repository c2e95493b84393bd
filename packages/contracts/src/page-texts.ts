import { titleSuffix } from './messages.ts';

/**
 * The product's texts of the pages that load after the home page (organization profile, not-found,
 * FAQ, footer). Kept apart from messages.ts so the web app's first load carries only the texts
 * of the home page (docs/decisions/005 and 006).
 */

export const detailTexts = {
  title: (name: string) => `${name}${titleSuffix}`,
  notFoundTitle: `Organization Not Found${titleSuffix}`,
  errorTitle: `Error${titleSuffix}`,
  /** While the profile loads: the tab no longer shows the previous page's title. */
  loadingTitle: `Loading Organization${titleSuffix}`,
  notFoundHeading: 'Organization Not Found',
  notFoundBody: (id: string) => `Organization with ID "${id}" not found`,
  missingId: 'Organization ID is missing',
  fetchError: 'An error occurred while fetching the organization data. Please try again later.',
  backToOrganizations: 'Back to organizations',
  backToResults: 'Back to results',
  about: 'About',
  connect: 'Connect',
  /** Ways to support the organization (ADR 042), shown only when the owner gave them. */
  support: 'Support',
  donate: 'Donate',
  volunteer: 'Volunteer',
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
} as const;

/**
 * Each page's meta description (search results and link previews), put in the HTML by the
 * server. A profile's is its own summary; the not-found pages describe themselves.
 */
export const pageDescriptions = {
  roles:
    'Every open role at the mission-driven organizations in the Scaling Impact directory: jobs, internships, fellowships and volunteer roles, by kind, country and impact area.',
  home: 'Discover mission-driven organizations building bold ideas. Browse by impact area, work method, culture and country, and share the profiles that inspire you.',
  about:
    'Why Scaling Impact exists: a directory that helps mission-driven organizations be seen by the people, partners and funders who can help them grow.',
  contact:
    'Contact the Scaling Impact team by email, phone or post, with answers to common questions about submitting an organization and pricing.',
  faq: 'Answers to frequently asked questions about Scaling Impact: browsing the directory, listing your organization, submissions and pricing.',
  privacy:
    'How Scaling Impact collects, uses and protects your personal data, which cookies it sets, and how to ask for your data to be deleted.',
  login: 'Log in to Scaling Impact to manage your organization profiles and your subscriptions.',
  signup:
    'Create a Scaling Impact account to add your mission-driven organization to the directory.',
  passwordReset: 'Reset the password of your Scaling Impact account.',
  emailVerification: 'Verify the email address of your Scaling Impact account.',
  newsletter:
    'Confirm your subscription to the Scaling Impact newsletter: the organizations that joined the directory, once a month.',
  account: 'Your Scaling Impact account: your profile, your organizations and their subscriptions.',
  console: 'The operator console of Scaling Impact.',
} as const;
