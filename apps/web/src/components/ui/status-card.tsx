import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';

export interface StatusCardProps {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'danger';
  /** Heading level of the title. */
  as?: 'h1' | 'h2' | 'h3';
  role?: 'alert' | 'status';
  className?: string;
}

/** A centred card for empty, not-found and error states: what happened and what to do next. */
export function StatusCard({
  title,
  children,
  icon,
  action,
  tone = 'neutral',
  as: Heading = 'h2',
  role,
  className,
}: StatusCardProps) {
  return (
    <div
      role={role}
      className={cx(
        'mx-auto flex w-full max-w-xl flex-col items-center gap-3 rounded-card border px-6 py-10 text-center',
        tone === 'danger' ? 'border-danger-line bg-danger-soft' : 'border-line bg-surface',
        className,
      )}
    >
      {icon ? (
        <span
          aria-hidden="true"
          className={cx(
            'flex size-12 items-center justify-center rounded-pill',
            tone === 'danger' ? 'bg-surface text-danger-ink' : 'bg-sunken text-ink-muted',
          )}
        >
          {icon}
        </span>
      ) : null}
      <Heading
        className={cx('text-xl font-semibold', tone === 'danger' ? 'text-danger-ink' : 'text-ink')}
      >
        {title}
      </Heading>
      {children ? <div className="max-w-prose text-ink-muted">{children}</div> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
