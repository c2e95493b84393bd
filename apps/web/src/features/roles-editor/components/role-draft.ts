import type { PayPeriod, Role, RoleInputFields, RoleKind, RoleWorkplace } from '@si/contracts';

/** The role form's values as typed: every field a string until the form is sent. */
export interface RoleDraft {
  title: string;
  kind: RoleKind | '';
  workplace: RoleWorkplace | '';
  country: string;
  city: string;
  remoteCountries: string[];
  payMin: string;
  payMax: string;
  payCurrency: string;
  payPeriod: PayPeriod | '';
  description: string;
  apply: string;
  closesOn: string;
}

/** A new role's form, or an existing role's values (its mailto: link shown as the address). */
export function draftOf(role?: Role): RoleDraft {
  return {
    title: role?.title ?? '',
    kind: role?.kind ?? '',
    workplace: role?.workplace ?? '',
    country: role?.country ?? '',
    city: role?.city ?? '',
    remoteCountries: role?.remoteCountries ?? [],
    payMin: role?.pay ? String(role.pay.min) : '',
    payMax: role?.pay ? String(role.pay.max) : '',
    payCurrency: role?.pay?.currency ?? '',
    payPeriod: role?.pay?.period ?? '',
    description: role?.description ?? '',
    apply: role?.apply.replace(/^mailto:/i, '') ?? '',
    closesOn: role?.closesOn ?? '',
  };
}

/** A whole amount as typed; anything else is left for the schema to refuse with its message. */
const amount = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/**
 * What the form sends: only the place fields of its workplace, a pay range when any part of it
 * is filled in (so a half-filled one is refused, not dropped), the closing date when one is set.
 */
export function inputOf(draft: RoleDraft): RoleInputFields {
  const remote = draft.workplace === 'remote';
  const anyPay = [draft.payMin, draft.payMax, draft.payCurrency, draft.payPeriod].some(
    (part) => part.trim() !== '',
  );
  return {
    title: draft.title,
    kind: (draft.kind || undefined) as RoleKind,
    workplace: (draft.workplace || undefined) as RoleWorkplace,
    country: remote ? null : draft.country || null,
    city: remote ? null : draft.city || null,
    remoteCountries: remote ? draft.remoteCountries : [],
    pay: anyPay
      ? {
          min: amount(draft.payMin),
          max: amount(draft.payMax),
          currency: draft.payCurrency.trim().toUpperCase(),
          period: (draft.payPeriod || undefined) as PayPeriod,
        }
      : null,
    description: draft.description,
    apply: draft.apply,
    ...(draft.closesOn ? { closesOn: draft.closesOn } : {}),
  };
}
