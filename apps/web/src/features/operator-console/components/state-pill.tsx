import type { ReactNode } from 'react';
import { organizationStateNames, type OrganizationState } from '@si/contracts';
import { cx } from '../../../lib/class-names';

export type PillTone = 'success' | 'muted' | 'danger' | 'warning' | 'brand';

const toneClasses: Record<PillTone, string> = {
  success: 'bg-success-soft text-success-ink',
  muted: 'bg-sunken text-ink-muted',
  danger: 'bg-danger-soft text-danger-ink',
  warning: 'bg-warning-soft text-warning-ink',
  brand: 'bg-brand-soft text-brand-ink',
};

/** A state in the console, as a coloured word. */
export function Pill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span
      className={cx(
        'inline-flex w-fit items-center rounded-pill px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap',
        toneClasses[tone],
      )}
    >
      {children}
    </span>
  );
}

const tones: Record<OrganizationState, PillTone> = {
  published: 'success',
  unpaid: 'muted',
  held: 'danger',
  lapsed: 'warning',
};

/** An organization's state in the console. */
export function StatePill({ state }: { state: OrganizationState }) {
  return <Pill tone={tones[state]}>{organizationStateNames[state]}</Pill>;
}
