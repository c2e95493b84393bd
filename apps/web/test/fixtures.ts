import type {
  Category,
  CategoryGroup,
  Country,
  MemberRole,
  MyOrganization,
  Organization,
  Subscription,
} from '@si/contracts';

export const categories: Category[] = [
  {
    id: 'climate_action',
    name: 'Climate Action',
    description: 'Cuts emissions.',
    emoji: '🌱',
    groupId: 'impact_areas',
    sortOrder: 0,
  },
  {
    id: 'education',
    name: 'Education & Learning',
    description: 'Opens doors.',
    emoji: '📚',
    groupId: 'impact_areas',
    sortOrder: 1,
  },
  {
    id: 'open_source',
    name: 'Open Source',
    description: 'Shares code.',
    emoji: '🔓',
    groupId: 'work_methods',
    sortOrder: 0,
  },
  {
    id: 'nonprofit',
    name: 'Nonprofit',
    description: 'Not for profit.',
    emoji: '💚',
    groupId: 'company_properties',
    sortOrder: 0,
  },
];

export const categoryGroups: CategoryGroup[] = [
  { id: 'impact_areas', name: 'Impact Areas', emoji: '🌍', sortOrder: 0 },
  { id: 'work_methods', name: 'Work Methods', emoji: '🛠️', sortOrder: 1 },
  { id: 'company_properties', name: 'Company Properties', emoji: '🏢', sortOrder: 2 },
];

export const categoriesById = new Map(categories.map((category) => [category.id, category]));

export const countries: Country[] = [
  { code: 'KE', name: 'Kenya', flagEmoji: '🇰🇪' },
  { code: 'PE', name: 'Peru', flagEmoji: '🇵🇪' },
];

export const countriesByCode = new Map(countries.map((country) => [country.code, country]));

export function makeOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: '2d732f74-eeed-4db2-b3e6-4a5bcab67d9e',
    name: 'Aireandino Sensor Lab',
    description: 'We design low-cost air quality sensors.\nSchools build them.',
    logo: null,
    bannerImage: null,
    categoryIds: ['climate_action', 'education', 'nonprofit'],
    categoriesOrder: {},
    categoriesDetails: {},
    categoryImages: {},
    country: 'PE',
    location: 'Arequipa',
    foundedYear: 2021,
    websiteUrl: null,
    linkedinUrl: null,
    twitterUrl: null,
    blogUrl: null,
    donateUrl: null,
    volunteerUrl: null,
    createdBy: 'user-1',
    paymentStatus: 'paid',
    subscriptionType: 'monthly',
    published: true,
    verification: null,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An organization as the dashboard's list gives it: with the caller's role (an owner). */
export function makeMyOrganization(
  overrides: Partial<Organization> = {},
  myRole: MemberRole = 'owner',
): MyOrganization {
  return { ...makeOrganization(overrides), myRole };
}

/** A live monthly subscription of the test checkout, for the organization of makeOrganization. */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    organizationId: '2d732f74-eeed-4db2-b3e6-4a5bcab67d9e',
    organizationName: 'Aireandino Sensor Lab',
    type: 'monthly',
    status: 'paid',
    provider: 'test',
    startDate: '2026-10-24T12:00:00.000Z',
    endDate: '2026-11-24T12:00:00.000Z',
    graceEndDate: null,
    paymentHold: null,
    published: true,
    ...overrides,
  };
}
