import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CategoryToggle } from '../src/features/directory/components/category-toggle';
import { MatchBadge } from '../src/features/directory/components/match-badge';
import { categories } from './fixtures';
import { renderCard } from './render-helpers';

const climate = categories[0]!;

function renderToggle(selected: boolean, count: number | undefined, available = true) {
  const onToggle = vi.fn();
  render(
    <CategoryToggle
      category={climate}
      selected={selected}
      count={count}
      available={available}
      onToggle={onToggle}
    />,
  );
  return { button: screen.getByRole('button'), onToggle };
}

describe('a category pill (ADR 019)', () => {
  it('is disabled and named unavailable while its count is 0', () => {
    const { button, onToggle } = renderToggle(false, 0);
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-label')).toBe('Climate Action, 0 organizations, unavailable');
    button.click();
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('stays an action with matches, named with its count', () => {
    const { button, onToggle } = renderToggle(false, 12);
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-label')).toBe('Climate Action, 12 organizations');
    button.click();
    expect(onToggle).toHaveBeenCalledWith('climate_action');
  });

  it('stays removable when selected, even at 0', () => {
    const { button, onToggle } = renderToggle(true, 0);
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-label')).toBe('Climate Action, 0 organizations');
    button.click();
    expect(onToggle).toHaveBeenCalledWith('climate_action');
  });

  it('names a single match in the singular', () => {
    const { button } = renderToggle(false, 1);
    expect(button.getAttribute('aria-label')).toBe('Climate Action, 1 organization');
  });

  it('says unavailable when the country has none, before counts are known', () => {
    const { button } = renderToggle(false, undefined, false);
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-label')).toBe('Climate Action, unavailable');
  });
});

describe('the match badge (ADR 019)', () => {
  it.each([
    [1, '1 matching organization'],
    [2, '2 matching organizations'],
    [999, '999 matching organizations'],
    [1000, '1,000 matching organizations'],
    [1284, '1,284 matching organizations'],
  ])('says %i as "%s"', (matchCount, text) => {
    render(<MatchBadge selectedCount={1} matchCount={matchCount} />);
    expect(screen.getByText(text)).toBeTruthy();
  });
});

describe('the badges on a card (ADR 019)', () => {
  // On every device: CSS hides them where the device can hover (e2e/directory-chips-and-badges).
  it('draws the first badges on the front, for a touch screen, without hover or focus', () => {
    renderCard({}, ['education']);
    const list = screen.getByRole('list', { name: 'Categories' });
    const items = [...list.querySelectorAll('li')];
    expect(items.map((item) => item.textContent)).toEqual([
      'Education & Learning',
      'Climate Action',
    ]);
    expect(items.map((item) => item.getAttribute('data-variant'))).toEqual(['filled', 'outlined']);
    expect(items[0]!.getAttribute('data-emoji')).toBe('📚');
    expect(list.getAttribute('data-more')).toBe('+1 more');
  });
});
