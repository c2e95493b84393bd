/** Business constants of docs/product.md#limits-and-constants, shared by the web app, the API and tests. */
export const ALL_COUNTRIES_CODE = 'ALL';
/** The dropdown value that means "no country filter" (docs/product.md#limits-and-constants). */
export const ALL_COUNTRIES_FILTER_VALUE = 'all';
export const DEFAULT_CATEGORY_ID = 'default_category';
export const COMPANY_PROPERTIES_GROUP_ID = 'company_properties';

export const MAX_CATEGORIES_PER_ORGANIZATION = 7;
export const ORGANIZATION_DESCRIPTION_MAX = 1000;
export const CATEGORY_DESCRIPTION_MAX = 2000;
export const FOUNDED_YEAR_MIN = 1800;

export const ORGANIZATION_LIST_DEFAULT_LIMIT = 24;
export const ORGANIZATION_LIST_MAX_LIMIT = 100;
export const SEARCH_QUERY_MAX = 200;
export const MAX_FILTER_CATEGORIES = 20;

export const SCROLL_TO_TOP_THRESHOLD_PX = 500;
export const MESSAGE_VISIBLE_MS = 5000;
export const COUNTRIES_CACHE_MS = 60 * 60 * 1000;
