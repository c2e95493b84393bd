import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { cx } from '../../lib/class-names';

export type NoticeTone = 'info' | 'success' | 'danger';

const tones: Record<NoticeTone, string> = {
  info: 'border-brand/25 bg-brand-soft text-brand-ink',
  success: 'border-success-line bg-success-soft text-success-ink',
  danger: 'border-danger-line bg-danger-soft text-danger-ink',
};

const icons = { info: Info, success: CircleCheck, danger: CircleAlert } as const;

/**
 * An inline message inside a page or form: information, success, or an error (announced at
 * once). Extra content (links, a retry button) goes in children after the message.
 */
export function Notice({
  tone = 'info',
  message,
  children,
  className,
  testId,
}: {
  tone?: NoticeTone;
  message: string;
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      data-testid={testId}
      className={cx('flex gap-3 rounded-control border px-4 py-3', tones[tone], className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-col gap-2">
        <p className="font-semibold">{message}</p>
        {children}
      </div>
    </div>
  );
}
