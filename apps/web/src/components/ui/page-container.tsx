import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';

/** Centres content at the site's maximum width (about 1200 px) with responsive side padding. */
export function PageContainer({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('mx-auto w-full max-w-content px-4 sm:px-6 lg:px-8', className)}>
      {children}
    </div>
  );
}
