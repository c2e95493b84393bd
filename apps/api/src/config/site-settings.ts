import { z } from 'zod';
import { timeZone } from '../time-zone-setting.ts';

/** A parent company's name: not blank. */
const brandName = z.string().trim().min(1, 'a parent brand needs a name');
/** A parent company's website (http or https), or empty for its name without a link. */
const brandUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ })]);

/** Contact details and parent brands the site and its emails show. */
export const siteSettings = {
  SUPPORT_EMAIL: z.email().default('support@example.org'),
  SUPPORT_PHONE: z.string().default('+1 (555) 010-0100'),
  SUPPORT_ADDRESS: z.string().default('100 Example Street, Suite 200, Springfield, EX 00000'),
  SUPPORT_TIME_ZONE: timeZone.default('UTC'),
  DATA_DELETION_SUBJECT: z.string().default('Data Deletion Request - Scaling Impact'),
  /**
   * The two parent companies the product is a brand of (docs/product.md#who-it-is-for), shown on About,
   * Contact, Privacy, the footer and in emails. The defaults are placeholders, no real names.
   */
  PARENT_EDUCATION_NAME: brandName.default('Example Education Company'),
  PARENT_EDUCATION_URL: brandUrl.default('https://education.example.org'),
  PARENT_HIRING_NAME: brandName.default('Example Hiring Platform'),
  PARENT_HIRING_URL: brandUrl.default('https://hiring.example.org'),
};
