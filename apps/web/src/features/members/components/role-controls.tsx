import { useId, type SelectHTMLAttributes } from 'react';
import { memberRoleNames, memberRoles, type MemberRole } from '@si/contracts';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/class-names';

const badgeTones = {
  brand: 'bg-brand-soft text-brand-ink',
  success: 'bg-success-soft text-success-ink',
  neutral: 'bg-sunken text-ink-muted',
  warning: 'bg-warning-soft text-warning-ink',
} as const;

/** A short word about a member or an invitation (a role, "You", "Expired") in a pill. */
export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: keyof typeof badgeTones;
  children: string;
}) {
  return (
    <span
      className={cx(
        'inline-flex w-fit items-center rounded-pill px-2.5 py-0.5 text-sm font-semibold',
        badgeTones[tone],
      )}
    >
      {children}
    </span>
  );
}

export interface RoleSelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange'
> {
  value: MemberRole;
  onRoleChange: (role: MemberRole) => void;
  /** A visible label; without it, the select names itself with aria-label. */
  label?: string;
}

/** A choice of Owner or Editor, in the look of the app's fields. */
export function RoleSelect({ value, onRoleChange, label, className, ...select }: RoleSelectProps) {
  const id = useId();
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      {label ? (
        <label htmlFor={id} className="font-semibold text-ink">
          {label}
        </label>
      ) : null}
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onRoleChange(event.target.value as MemberRole)}
          className="field appearance-none pr-10 pl-3"
          {...select}
        >
          {memberRoles.map((role) => (
            <option key={role} value={role}>
              {memberRoleNames[role]}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-ink-muted" />
      </div>
    </div>
  );
}
