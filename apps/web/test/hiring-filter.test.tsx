import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hiringTexts } from '@si/contracts';
import { HiringToggle } from '../src/features/directory/components/hiring-toggle';
import {
  directoryFormTarget,
  directoryPageHref,
  hasActiveFilters,
  parseDirectoryFilters,
  writeDirectoryFilters,
} from '../src/features/directory/hooks/use-directory-filters';
import { renderCard } from './render-helpers';

describe("'Hiring' in the URL (ADR 042)", () => {
  it('reads hiring=true and nothing else as the filter', () => {
    expect(parseDirectoryFilters(new URLSearchParams('hiring=true')).hiring).toBe(true);
    for (const search of ['', 'hiring=false', 'hiring=1', 'hiring=TRUE']) {
      expect(parseDirectoryFilters(new URLSearchParams(search)).hiring).toBe(false);
    }
  });

  it('writes it and reads it back with the other filters, dropping it when off', () => {
    const filters = { country: 'KE', categories: [], q: 'water', verified: true, hiring: true };
    const written = writeDirectoryFilters(new URLSearchParams('cursor=abc'), filters);
    expect(written.get('hiring')).toBe('true');
    expect(parseDirectoryFilters(written)).toEqual(filters);
    expect(writeDirectoryFilters(written, { ...filters, hiring: false }).has('hiring')).toBe(false);
    expect(directoryPageHref(new URLSearchParams('hiring=true&x=1'), 'next')).toBe(
      '/?hiring=true&cursor=next',
    );
    const none = { country: null, categories: [], q: '', verified: false };
    expect(hasActiveFilters({ ...none, hiring: false })).toBe(false);
    expect(hasActiveFilters({ ...none, hiring: true })).toBe(true);
  });

  it('turns off without JavaScript with clear=hiring, clear=toggles or clear=all', () => {
    const sent = 'categories=education&country=KE&hiring=true&verified=true&q=water';
    expect(directoryFormTarget(new URLSearchParams(`${sent}&clear=hiring`))).toBe(
      '/?categories=education&country=KE&q=water&verified=true',
    );
    expect(directoryFormTarget(new URLSearchParams(`${sent}&clear=toggles`))).toBe(
      '/?country=KE&q=water',
    );
    expect(directoryFormTarget(new URLSearchParams(`${sent}&clear=all`))).toBe('/');
  });
});

describe("the 'Hiring' toggle", () => {
  it('says its count, sends the filter form without JavaScript and is pressed once on', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<HiringToggle selected={false} count={2} onChange={onChange} />);
    const toggle = screen.getByRole('button', {
      name: `${hiringTexts.filterLabel}, ${hiringTexts.filterCount(2)}`,
    });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('name')).toBe('hiring');
    expect(toggle.getAttribute('value')).toBe('true');
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
    rerender(<HiringToggle selected count={2} onChange={onChange} />);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('name')).toBe('clear');
    expect(toggle.getAttribute('value')).toBe('hiring');
    rerender(<HiringToggle selected={false} count={0} onChange={onChange} />);
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("a card's open roles", () => {
  it('counts them in words when there are any, and says nothing otherwise', () => {
    const { unmount } = renderCard({}, [], 3);
    expect(screen.getByText('3 open roles')).toBeTruthy();
    unmount();
    renderCard({}, [], 1);
    expect(screen.getByText('1 open role')).toBeTruthy();
  });

  it('leaves the line out at zero', () => {
    renderCard({}, [], 0);
    expect(screen.queryByText(/open role/)).toBeNull();
  });
});
