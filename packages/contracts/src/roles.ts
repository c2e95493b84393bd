import { z } from 'zod';
import { OrganizationId } from './organizations.ts';
import { CountryCode } from './reference.ts';
import {
  MILESTONE_TEXT_MAX,
  MILESTONE_TITLE_MAX,
  ROLE_CITY_MAX,
  ROLE_DESCRIPTION_MAX,
  ROLE_PAY_MAX,
  ROLE_REMOTE_COUNTRIES_MAX,
  ROLE_TITLE_MAX,
  payPeriods,
  roleKinds,
  roleMessages as messages,
  roleStatuses,
  roleWorkplaces,
} from './role-texts.ts';
import {
  URL_MAX_LENGTH,
  hasNoControlCharacters,
  isHttpUrl,
  isStorableText,
  unstorableTextMessage,
} from './text-rules.ts';

/**
 * Open roles and milestones (ADR 042): one definition for the forms, the routes, the services
 * and the OpenAPI document. Their words are in role-texts.ts.
 */

export const RoleId = z.uuid({ message: 'Role ids are UUIDs' });
export const MilestoneId = z.uuid({ message: 'Milestone ids are UUIDs' });

const Text = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine(isStorableText, unstorableTextMessage);

const EMAIL = z.email();
const isEmail = (value: string) => value.length <= 254 && EMAIL.safeParse(value).success;

/**
 * How to apply, as stored: an http(s) link, or `mailto:` and one real address. A bare address
 * is taken as a mailto: link, so the form may ask for "a link or an email address".
 */
export const ApplyTo = z
  .string({ error: messages.applyRequired })
  .trim()
  .min(1, messages.applyRequired)
  .max(URL_MAX_LENGTH, `How to apply must be at most ${URL_MAX_LENGTH} characters`)
  .refine(hasNoControlCharacters, messages.applyInvalid)
  .transform((value, context) => {
    const address = /^mailto:/i.test(value) ? value.slice('mailto:'.length) : value;
    if (/^mailto:/i.test(value) || (!value.includes('/') && value.includes('@'))) {
      if (isEmail(address)) return `mailto:${address}`;
      context.addIssue({ code: 'custom', message: messages.applyEmailInvalid });
      return z.NEVER;
    }
    if (isHttpUrl(value)) return value;
    context.addIssue({ code: 'custom', message: messages.applyInvalid });
    return z.NEVER;
  });

const PayAmount = z
  .number({ error: messages.payAmount })
  .int(messages.payAmount)
  .min(0, messages.payAmount)
  .max(ROLE_PAY_MAX, messages.payAmount);

/** ISO 4217 codes the runtime knows; where it cannot list them, any three capital letters. */
function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const list = (Intl as { supportedValuesOf?: (key: 'currency') => string[] }).supportedValuesOf;
  return list ? list('currency').includes(code) : true;
}

export const PayRange = z
  .object({
    min: PayAmount,
    max: PayAmount,
    currency: z.string({ error: messages.payCurrency }).refine(isCurrency, messages.payCurrency),
    period: z.enum(payPeriods, { error: messages.payPeriod }),
  })
  .strict()
  .refine((pay) => pay.min <= pay.max, { message: messages.payMinAboveMax, path: ['min'] });
export type PayRange = z.infer<typeof PayRange>;

/** A date without a time, as the closing date is given and shown: 2026-12-31. */
export const CalendarDate = z
  .string({ error: messages.closesOnFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.closesOnFormat)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, messages.closesOnFormat);

/**
 * POST and PUT /api/organizations/{id}/roles[/{roleId}]: what an owner writes. The date posted
 * is the server's; the closing date defaults to 60 days after today and may be at most 180
 * days ahead (the service checks it against its clock).
 */
export const RoleInput = z
  .object({
    title: Text(ROLE_TITLE_MAX, messages.titleRequired, messages.titleTooLong),
    kind: z.enum(roleKinds, { error: messages.kindRequired }),
    workplace: z.enum(roleWorkplaces, { error: messages.workplaceRequired }),
    /** On site and hybrid: where. Remote: null. */
    country: CountryCode.nullable().default(null),
    city: z
      .string()
      .trim()
      .max(ROLE_CITY_MAX, messages.cityTooLong)
      .refine(isStorableText, unstorableTextMessage)
      .nullable()
      .transform((value) => value || null)
      .default(null),
    /** Remote only: the countries it may be worked from; empty means anywhere. */
    remoteCountries: z
      .array(CountryCode)
      .max(ROLE_REMOTE_COUNTRIES_MAX, messages.tooManyRemoteCountries)
      .transform((codes) => [...new Set(codes)])
      .default([]),
    pay: PayRange.nullable().default(null),
    description: Text(
      ROLE_DESCRIPTION_MAX,
      messages.descriptionRequired,
      messages.descriptionTooLong,
    ),
    apply: ApplyTo,
    /** Left out: 60 days after today. */
    closesOn: CalendarDate.optional(),
  })
  .strict()
  .superRefine((role, context) => {
    if (role.workplace === 'remote') {
      if (role.country !== null || role.city !== null) {
        // A remote role says where through remoteCountries; a stray place would mislead.
        context.addIssue({
          code: 'custom',
          path: [role.country !== null ? 'country' : 'city'],
          message: 'A remote role has no country or city: list the countries it may be worked from',
        });
      }
      return;
    }
    if (role.country === null || role.country === 'ALL') {
      context.addIssue({ code: 'custom', path: ['country'], message: messages.countryRequired });
    }
    if (role.city === null) {
      context.addIssue({ code: 'custom', path: ['city'], message: messages.cityRequired });
    }
    if (role.remoteCountries.length > 0) {
      context.addIssue({
        code: 'custom',
        path: ['remoteCountries'],
        message: messages.remoteCountriesOnlyRemote,
      });
    }
  });
export type RoleInput = z.infer<typeof RoleInput>;
export type RoleInputFields = z.input<typeof RoleInput>;

/** POST /api/organizations/{id}/roles/{roleId}/reopen: a new closing date, or 60 days on. */
export const ReopenRoleRequest = z.object({ closesOn: CalendarDate.optional() }).strict();
export type ReopenRoleRequest = z.infer<typeof ReopenRoleRequest>;

/** A role as it is answered. `apply` is an http(s) link or a mailto: link. */
export const Role = z.object({
  id: RoleId,
  organizationId: OrganizationId,
  title: z.string(),
  kind: z.enum(roleKinds),
  workplace: z.enum(roleWorkplaces),
  country: CountryCode.nullable(),
  city: z.string().nullable(),
  remoteCountries: z.array(CountryCode),
  pay: PayRange.nullable(),
  description: z.string(),
  apply: z.string(),
  postedAt: z.iso.datetime(),
  closesOn: z.string(),
  /** Public answers hold open roles only; the owner sees every status. */
  status: z.enum(roleStatuses),
  /** An operator's reason for a hold: the owner's answers only. */
  heldReason: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type Role = z.infer<typeof Role>;

/** GET /api/organizations/{id}/roles: `all` (the owner only) adds closed, expired and held ones. */
export const OrganizationRolesQuery = z
  .object({ status: z.enum(['open', 'all'], { message: 'status is open or all' }).optional() })
  .strict();

export const MilestoneInput = z
  .object({
    year: z
      .number({ error: () => messages.milestoneYear(new Date().getUTCFullYear()) })
      .int()
      .refine((year) => year >= 1800 && year <= new Date().getUTCFullYear(), {
        error: () => messages.milestoneYear(new Date().getUTCFullYear()),
      }),
    month: z
      .number()
      .int()
      .min(1, messages.milestoneMonth)
      .max(12, messages.milestoneMonth)
      .nullable()
      .default(null),
    title: Text(
      MILESTONE_TITLE_MAX,
      messages.milestoneTitleRequired,
      messages.milestoneTitleTooLong,
    ),
    text: z
      .string()
      .trim()
      .max(MILESTONE_TEXT_MAX, messages.milestoneTextTooLong)
      .refine(isStorableText, unstorableTextMessage)
      .default(''),
  })
  .strict()
  .refine(
    (milestone) => {
      const today = new Date();
      return !(
        milestone.year === today.getUTCFullYear() &&
        milestone.month !== null &&
        milestone.month > today.getUTCMonth() + 1
      );
    },
    { message: messages.milestoneInFuture, path: ['month'] },
  );
export type MilestoneInput = z.infer<typeof MilestoneInput>;
export type MilestoneInputFields = z.input<typeof MilestoneInput>;

export const Milestone = z.object({
  id: MilestoneId,
  organizationId: OrganizationId,
  year: z.number().int(),
  month: z.number().int().nullable(),
  title: z.string(),
  text: z.string(),
});
export type Milestone = z.infer<typeof Milestone>;

/** DELETE /api/organizations/{id}/milestones/{milestoneId}. */
export const MilestoneDeleteResult = z.object({ deleted: z.literal(true) });
