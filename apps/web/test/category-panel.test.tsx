import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { homeTexts, sessionTexts } from '@si/contracts';
import { CategoryFilterPanel } from '../src/features/directory/components/category-filter-panel';

describe('the category panel', () => {
  it("says the categories could not load, with the product's 'Unable to load data' message", () => {
    render(
      <CategoryFilterPanel
        groups={undefined}
        categories={undefined}
        isPending={false}
        isError
        selected={[]}
        facets={undefined}
        availability={undefined}
        matchCount={undefined}
        resultsId="results-heading"
        onToggle={() => {}}
        onClear={() => {}}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(homeTexts.errorCategories);
    expect(alert.textContent).toContain(sessionTexts.referenceLoadFailed);
  });
});
