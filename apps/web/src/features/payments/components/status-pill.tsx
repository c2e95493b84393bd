import { cx } from '../../../lib/class-names';

export type PillTone = 'success' | 'warning' | 'neutral';

const tones: Record<PillTone, string> = {
  success: 'bg-success-soft text-success-ink',
  warning: 'bg-warning-soft text-warning-ink',
  neutral: 'bg-sunken text-ink-muted',
};

/** A short state word (Live, Ending, Active...) in a coloured pill. */
export function StatusPill({ tone, children }: { tone: PillTone; children: string }) {
  return (
    <span
      className={cx(
        'inline-flex w-fit items-center rounded-pill px-2.5 py-0.5 text-sm font-semibold',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
