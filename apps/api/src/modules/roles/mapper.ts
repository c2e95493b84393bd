import type { Role, RoleInput } from '@si/contracts';
import { statusOf } from './role-calendar.ts';
import type { RoleFields, RoleRow } from './repository.ts';

/** What an owner writes, as the row stores it: the pay range in four columns, or none. */
export function toRoleFields(input: RoleInput): RoleFields {
  return {
    title: input.title,
    kind: input.kind,
    workplace: input.workplace,
    country: input.country,
    city: input.city,
    remoteCountries: input.remoteCountries,
    payMin: input.pay?.min ?? null,
    payMax: input.pay?.max ?? null,
    payCurrency: input.pay?.currency ?? null,
    payPeriod: input.pay?.period ?? null,
    description: input.description,
    apply: input.apply,
  };
}

/**
 * A role as it is answered on `today`. The reason for an operator's hold is the owner's to read
 * only (`forOwner`); the public is never answered a role that is not open.
 */
export function toRole(row: RoleRow, today: string, forOwner: boolean): Role {
  const { payMin, payMax, payCurrency, payPeriod } = row;
  return {
    id: row.id,
    organizationId: row.organizationId,
    title: row.title,
    kind: row.kind,
    workplace: row.workplace,
    country: row.country,
    city: row.city,
    remoteCountries: row.remoteCountries,
    pay:
      payMin !== null && payMax !== null && payCurrency !== null && payPeriod !== null
        ? { min: payMin, max: payMax, currency: payCurrency, period: payPeriod }
        : null,
    description: row.description,
    apply: row.apply,
    postedAt: row.postedAt.toISOString(),
    closesOn: row.closesOn,
    status: statusOf(row, today),
    heldReason: forOwner ? row.heldReason : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
