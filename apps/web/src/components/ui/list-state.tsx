import { cx } from '../../lib/class-names';
import { Button } from './button';
import { Notice } from './notice';
import { StatusCard, type StatusCardProps } from './status-card';

interface FailedProps {
  /** The list did not load: what failed, announced at once, and a button that asks again. */
  failed: string;
  retryLabel: string;
  onRetry: () => void;
  empty?: never;
}

interface EmptyProps extends Pick<StatusCardProps, 'icon' | 'action' | 'children' | 'as'> {
  /** The list has nothing in it: the card's title. */
  empty: string;
  failed?: never;
  /**
   * A list inside a card of its own shows a dashed, sunken card ('compact' under a list above
   * it); a list that is the page's whole content shows the plain card ('page').
   */
  frame?: 'inset' | 'compact' | 'page';
  className?: string;
}

export type ListStateProps = FailedProps | EmptyProps;

const frames: Record<NonNullable<EmptyProps['frame']>, string | undefined> = {
  inset: 'border-dashed bg-canvas py-8',
  compact: 'border-dashed bg-canvas py-6',
  page: undefined,
};

/**
 * What a list shows in place of its rows: that it failed to load, with a way to ask again, or
 * that it has nothing in it, with what to do next. One look for every list of the app.
 */
export function ListState(props: ListStateProps) {
  if (props.failed !== undefined) {
    return (
      <Notice tone="danger" message={props.failed}>
        <Button variant="secondary" size="sm" className="w-fit" onClick={props.onRetry}>
          {props.retryLabel}
        </Button>
      </Notice>
    );
  }
  const { empty, frame = 'inset', className, ...card } = props;
  return <StatusCard title={empty} className={cx(frames[frame], className)} {...card} />;
}
