import { Link } from 'react-router';
import { ArrowRightIcon, PlusIcon } from '../../../components/ui/icons';
import { homeTexts } from '@si/contracts';

/** Local copy around the docs/product.md#home-and-the-directory texts of the add card. */
const addCardTexts = {
  frontBody: 'Put your mission in front of talent, partners and funders looking for it.',
  backBody: 'Create a profile, tell your story and get found by people who want to help you scale.',
  cta: 'Get started',
} as const;

/** The last card of the grid: 'Add Your Organization', flipping to 'Join Our Community'. */
export function AddOrganizationCard({ to = '/signup' }: { to?: string }) {
  return (
    <Link to={to} className="flip" data-testid="add-organization-card">
      <div className="flip-inner">
        <div className="flip-face flip-front items-center justify-center border-dashed border-line-strong bg-sunken text-center">
          <span
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-pill bg-brand text-on-brand"
          >
            <PlusIcon className="size-7" />
          </span>
          <h3 className="mt-4 text-xl font-semibold text-ink">{homeTexts.addCardFront}</h3>
          <p className="mt-2 max-w-64 text-ink-muted">{addCardTexts.frontBody}</p>
        </div>
        <div className="flip-face flip-back items-center justify-center border-brand bg-brand text-center text-on-brand">
          <p className="text-xl font-semibold">{homeTexts.addCardBack}</p>
          <p className="mt-2 max-w-64 text-on-brand/90">{addCardTexts.backBody}</p>
          <span className="mt-5 inline-flex items-center gap-1.5 rounded-control bg-surface px-4 py-2 font-semibold text-brand-ink">
            {addCardTexts.cta}
            <ArrowRightIcon className="size-4" />
          </span>
        </div>
      </div>
    </Link>
  );
}
