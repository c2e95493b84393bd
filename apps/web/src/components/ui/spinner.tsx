import { LoaderIcon } from './icons';
import { cx } from '../../lib/class-names';

export function Spinner({ className }: { className?: string }) {
  return <LoaderIcon className={cx('size-4 animate-spin motion-reduce:animate-none', className)} />;
}
