import {
  CATEGORY_DESCRIPTION_MAX,
  FOUNDED_YEAR_MIN,
  MAX_CATEGORIES_PER_ORGANIZATION,
  ORGANIZATION_DESCRIPTION_MAX,
} from './limits.ts';
import { countOf } from './counts.ts';

/**
 * The words and image rules of organization editing, apart from its zod schemas so that pages
 * which only show an organization (its profile, the owner's notice) load no schema library.
 */

export const ORGANIZATION_NAME_MAX = 120;
export const ORGANIZATION_LOCATION_MAX = 200;

export const organizationFormMessages = {
  nameRequired: 'Please provide an organization name',
  countryRequired: 'Please select a country',
  descriptionRequired: 'Please provide an organization description',
  requiredFields: 'Please fill out all required fields',
  tooManyCategories: `You can select up to ${MAX_CATEGORIES_PER_ORGANIZATION} categories`,
  categoryRequired: 'Please select at least one category',
  missingGroups: (groups: string[]) =>
    `Please select at least one category from each group. Missing: ${groups.join(', ')}`,
  unknownCategories: (ids: string[]) => `Unknown categories: ${ids.join(', ')}`,
  descriptionTooLong: `Description must be at most ${ORGANIZATION_DESCRIPTION_MAX} characters`,
  categoryDescriptionTooLong: `Category descriptions must be at most ${CATEGORY_DESCRIPTION_MAX} characters`,
  foundedYearRange: (currentYear: number) =>
    `Founded year must be between ${FOUNDED_YEAR_MIN} and ${currentYear}`,
  staleVersion:
    'This organization was changed in another tab or session since you opened it. Reload the page to see the latest version, then make your changes again.',
  notOwner: "You don't have permission to edit this organization",
  categoryNotChosen: "That category is not one of the organization's categories.",
  verifyFirst: 'Please verify your email address before creating or editing organizations.',
} as const;

/** The product's example hosts for the URL fields' message. */
export const urlFieldExamples = {
  websiteUrl: 'https://example.org',
  linkedinUrl: 'https://www.linkedin.com/company/example',
  twitterUrl: 'https://twitter.com/example',
  blogUrl: 'https://blog.example.org',
  donateUrl: 'https://example.org/donate',
  volunteerUrl: 'https://example.org/volunteer',
} as const;
export type UrlField = keyof typeof urlFieldExamples;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 25_000_000;
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const imageMessages = {
  noFile: 'Please select a file to upload',
  wrongType: 'Please select a valid image file (JPEG, PNG, or WebP)',
  tooLarge: 'File size must be less than 5MB',
  tooManyPixels: 'The image is too large: at most 25 megapixels',
  unreadable: 'The image could not be read. It may be damaged; please choose another file.',
  uploadFailed: (label: string) => `Failed to upload ${label}. Please try again.`,
  deleteFailed: (label: string) => `Failed to delete ${label}. Please try again.`,
  uploaded: (label: string) => `The ${label} was uploaded`,
  deleted: (label: string) => `The ${label} was removed`,
} as const;

const numberWords = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];
/** 'seven' for 7: small counts are spelled out in running text. */
const numberWord = (count: number) => numberWords[count] ?? count.toLocaleString('en-US');

/**
 * The most categories one group may hold and the selection still keep the rule: the limit less
 * one for each other group (one, with seven groups and a limit of seven).
 */
export const categoriesPerGroupMax = (groupCount: number) =>
  Math.max(1, MAX_CATEGORIES_PER_ORGANIZATION - Math.max(0, groupCount - 1));

/** Words of the submit page, the editor, the owner's actions and the publication notice. */
export const organizationEditorTexts = {
  submitTitle: 'Submit Organization',
  submitHeading: 'Submit Your Organization',
  createButton: 'Create Organization',
  creating: 'Creating...',
  createFailed: 'Failed to create organization. Please try again.',
  createdBanner: 'Organization created successfully!',
  completeHeading: 'Complete Your Organization Profile',
  editHeading: 'Edit Organization',
  saveChanges: 'Save Changes',
  saving: 'Saving...',
  cancel: 'Cancel',
  loadFailed: 'Failed to load organization data. Please try again later.',
  updateFailed: 'Failed to update organization. Please try again.',
  updated: 'Organization updated successfully',
  categoryLimitWarning: `You have selected the maximum of ${MAX_CATEGORIES_PER_ORGANIZATION} categories.`,
  deleteAction: 'Delete',
  editAction: 'Edit',
  deleteTitle: 'Delete Organization',
  deleteBody: 'Are you sure you want to delete this organization? This action cannot be undone.',
  deleting: 'Deleting...',
  deleted: 'Organization deleted successfully',
  notPublicPending:
    'This organization is not public yet: only you can see it. It appears in the directory once its subscription is active.',
  notPublicLapsed:
    'This organization is hidden from the directory because its subscription is no longer active. Only you can see it.',
  notPublicHeld:
    'This organization has been taken out of the directory by our team, although its subscription is active. Only you can see it; write to support to know more.',
  // Labels, hints and states of the web forms (added with the submit page and the editor).
  /** In the order of the flow: this form, then a plan (the payment gate), then the editor. */
  submitIntro:
    'Start with the essentials. Next you choose a plan; then you add images, links and the story behind each category.',
  required: 'required',
  requiredNote: 'Fields marked required must be filled in.',
  basicsHeading: 'About the organization',
  imagesHeading: 'Logo and banner',
  linksHeading: 'Links',
  categoriesHeading: 'Categories',
  nameLabel: 'Organization name',
  descriptionLabel: 'Description',
  descriptionHint: 'What your organization does, for whom, and why it matters.',
  countryLabel: 'Country',
  countryPlaceholder: 'Select a country',
  locationLabel: 'Location',
  locationHint: 'City or region, for example Nairobi',
  foundedYearLabel: 'Founded year',
  websiteLabel: 'Website',
  linkedinLabel: 'LinkedIn',
  twitterLabel: 'Twitter',
  blogLabel: 'Blog',
  donateLabel: 'Donate link',
  volunteerLabel: 'Volunteer link',
  charactersRemaining: (count: number) => `${countOf(count, 'character', 'characters')} remaining`,
  /**
   * The category rule (categorySelectionProblem) as the owner meets it: at least one from each
   * group and at most MAX_CATEGORIES_PER_ORGANIZATION in all, so with as many groups as the
   * limit (seven) exactly one from each.
   */
  categoriesHint: (groupCount: number) =>
    groupCount >= MAX_CATEGORIES_PER_ORGANIZATION
      ? `Choose one category from each of the ${numberWord(groupCount)} groups.`
      : `Choose at least one category from each of the ${numberWord(groupCount)} groups, ${MAX_CATEGORIES_PER_ORGANIZATION} in all at most.`,
  /** A group's own count, against the most it may hold (categoriesPerGroupMax). */
  groupChosen: (count: number, most: number) =>
    count === 0
      ? 'None chosen yet'
      : count > most
        ? `${count} chosen: ${most === 1 ? 'keep one' : `keep ${most} at most`}`
        : `${count} of ${most} chosen`,
  categoriesChosen: (count: number) =>
    `${count} of ${MAX_CATEGORIES_PER_ORGANIZATION} categories chosen`,
  orderHeading: 'Order on your profile',
  orderHint:
    'Your categories appear on your profile in this order. Move one with its Up and Down buttons, or drag it.',
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  movedTo: (name: string, position: number, total: number) =>
    `${name} moved to position ${position} of ${total}`,
  categoryDescriptionLabel: (name: string) => `What ${name} means for your organization`,
  categoryImageLabel: (name: string) => `Image for ${name}`,
  categoryImageAfterSave: 'Save your changes first to add an image to this category.',
  logoLabel: 'Logo',
  logoHint: 'A square image. JPEG, PNG or WebP, under 5MB.',
  bannerLabel: 'Banner',
  bannerHint:
    'Shown across the top of your profile, best at 1280 × 360. JPEG, PNG or WebP, under 5MB.',
  categoryImageHint:
    'Landscape (16:9). JPEG, PNG or WebP, under 5MB. Stored as soon as you upload it.',
  chooseImage: 'Choose image',
  imagesSavedAtOnce:
    'Images are stored as soon as you upload or remove them: they need no Save, and Cancel does not undo them.',
  upload: 'Upload',
  uploading: 'Uploading...',
  removeImage: 'Remove',
  removing: 'Removing...',
  previewAlt: (label: string) => `Preview of the new ${label}`,
  currentImageAlt: (label: string) => `Current ${label}`,
  reload: 'Reload',
  completeProfile: 'Complete your profile',
  notPublicYet: 'Not public yet',
  propertyNote: 'Shown as a badge under Company Properties on your profile.',
  loadingEditor: 'Loading the editor',
} as const;
