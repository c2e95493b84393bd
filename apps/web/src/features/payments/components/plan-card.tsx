import { useId } from 'react';
import { Check } from 'lucide-react';
import { paymentTexts, type plans, type PlanChoice } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../lib/class-names';

export interface PlanCardProps {
  plan: (typeof plans)[PlanChoice];
  /** This plan's checkout is being prepared: its button says 'Processing...'. */
  processing: boolean;
  /** Every button of the page waits while a checkout or a guest code is under way. */
  disabled: boolean;
  onChoose: () => void;
}

/** One plan of docs/product.md#limits-and-constants: name, price, what it includes, and its choose button. */
export function PlanCard({ plan, processing, disabled, onChoose }: PlanCardProps) {
  const headingId = useId();
  const featured = plan.badge !== null;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`plan-${plan.id}`}
      className={cx(
        'relative flex flex-col gap-5 rounded-card border bg-surface p-6 shadow-card',
        featured ? 'border-brand ring-1 ring-brand' : 'border-line',
      )}
    >
      {plan.badge ? (
        <span className="absolute -top-3 left-6 rounded-pill bg-brand px-3 py-0.5 text-sm font-semibold text-on-brand">
          {plan.badge}
        </span>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-ink">
          {plan.name}
        </h2>
        {plan.savings ? (
          <span className="rounded-pill bg-success-soft px-2.5 py-0.5 text-sm font-semibold text-success-ink">
            {plan.savings}
          </span>
        ) : null}
      </div>
      <p className="flex items-baseline gap-2">
        <span className="text-display font-semibold tracking-tight text-ink">{plan.price}</span>
        <span className="text-ink-muted">{plan.period}</span>
      </p>
      {plan.savingsDetail ? (
        <p className="-mt-3 text-sm text-success-ink">{plan.savingsDetail}</p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-center gap-2 text-ink">
            <Check aria-hidden="true" className="size-4 shrink-0 text-brand" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        variant={featured ? 'primary' : 'secondary'}
        className="mt-auto w-full"
        onClick={onChoose}
        disabled={disabled}
        aria-busy={processing}
      >
        {processing ? <Spinner /> : null}
        {processing ? paymentTexts.processing : paymentTexts.choosePlan(plan.name)}
      </Button>
    </article>
  );
}
