import { z } from 'zod';
import { siteName } from './messages.ts';

/** A parent company: its name, and its website (null: the name is shown without a link). */
export const ParentBrand = z.object({
  name: z.string(),
  url: z.string().nullable(),
});
export type ParentBrand = z.infer<typeof ParentBrand>;

/** docs/product.md#who-it-is-for: the product is a brand of an education company and a hiring platform. */
export const ParentBrands = z.object({
  education: ParentBrand,
  hiring: ParentBrand,
});
export type ParentBrands = z.infer<typeof ParentBrands>;

export const SiteInfo = z.object({
  supportEmail: z.string(),
  supportPhone: z.string(),
  supportAddress: z.string(),
  /** The IANA time zone of the business hours ('America/New_York', 'UTC'). */
  supportTimeZone: z.string(),
  dataDeletionSubject: z.string(),
  parentBrands: ParentBrands,
});
export type SiteInfo = z.infer<typeof SiteInfo>;

const hours = 'Mon-Fri 9am-5pm';
/**
 * The business hours (docs/product.md), in the time zone the support team works in (ADR 038):
 * its name as people say it, and its IANA id, which no season changes.
 */
export const businessHoursTexts = {
  hours,
  label: 'Business hours',
  inZone: (zoneName: string, zoneId: string) =>
    zoneName === zoneId ? `${hours} (${zoneId})` : `${hours}, ${zoneName} (${zoneId})`,
} as const;

/**
 * The parent-brands line shown on About, Contact, Privacy, the footer and in emails, in parts
 * so each company's name can be a link: `${before}<education>${between}<hiring>${after}`.
 */
export const parentBrandsTexts = {
  before: `${siteName} is a brand of `,
  between: ' and ',
  after: '.',
  /** The whole line as plain text. */
  line: (brands: ParentBrands) =>
    `${parentBrandsTexts.before}${brands.education.name}${parentBrandsTexts.between}${brands.hiring.name}${parentBrandsTexts.after}`,
} as const;
