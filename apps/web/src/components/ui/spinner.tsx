import { LoaderCircle } from 'lucide-react';
import { cx } from '../../lib/class-names';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cx('size-4 animate-spin motion-reduce:animate-none', className)} />;
}
