import type { MouseEvent } from 'react';
import { detailTexts, imageSrcSet, type Category, type Organization } from '@si/contracts';
import { CategoryBadge } from '../../../components/ui/category-badge';

type SectionFields = Pick<Organization, 'name' | 'categoriesDetails' | 'categoryImages'>;

/** Scrolls to a category without adding a history entry, and moves focus there. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  target.focus({ preventScroll: true });
}

/** 'Organization Details': the 'Jump to:' list of every category of the organization. */
export function JumpToList({ categories }: { categories: Category[] }) {
  if (categories.length === 0) return null;
  return (
    <nav aria-labelledby="jump-to-label" className="flex flex-wrap items-center gap-2">
      <span id="jump-to-label" className="text-sm font-semibold text-ink-muted">
        {detailTexts.jumpTo}
      </span>
      <ul className="flex flex-wrap gap-2">
        {categories.map((category) => (
          <li key={category.id}>
            <a
              href={`#category-${category.id}`}
              onClick={(event) => jumpTo(event, `category-${category.id}`)}
              className="inline-flex min-h-touch items-center rounded-pill sm:min-h-0"
            >
              <CategoryBadge
                emoji={category.emoji}
                name={category.name}
                groupId={category.groupId}
                size="md"
                className="hover:border-(--group-ink)"
              />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One titled card per category, in the owner's order, with its text and optional image. */
export function CategorySections({
  organization,
  categories,
}: {
  organization: SectionFields;
  categories: Category[];
}) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-5">
      <h2 id="categories-heading" className="text-xl font-semibold">
        {detailTexts.categories}
      </h2>
      {categories.map((category) => {
        const text =
          organization.categoriesDetails[category.id]?.trim() ||
          detailTexts.defaultCategorySentence(organization.name, category.name);
        const image = organization.categoryImages[category.id];
        return (
          <article
            key={category.id}
            id={`category-${category.id}`}
            tabIndex={-1}
            data-group={category.groupId}
            data-testid="category-section"
            className="surface-card scroll-mt-24 overflow-hidden focus-visible:outline-none"
          >
            {image ? (
              <img
                src={image}
                srcSet={imageSrcSet(image, 'category')}
                sizes="(min-width: 1200px) 784px, (min-width: 1024px) calc(100vw - 26rem), calc(100vw - 2rem)"
                alt=""
                width={960}
                height={540}
                loading="lazy"
                decoding="async"
                className="aspect-video w-full bg-sunken object-cover"
              />
            ) : null}
            <div className="flex flex-col gap-3 p-5 sm:p-6">
              <h3 className="flex items-center gap-3 text-xl font-semibold text-ink">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-control bg-(--group-soft) text-xl"
                >
                  {category.emoji}
                </span>
                {category.name}
              </h3>
              <p className="max-w-prose whitespace-pre-line break-words text-ink-muted">{text}</p>
            </div>
          </article>
        );
      })}
    </section>
  );
}
