import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { domainVerificationTexts, homeTexts } from '@si/contracts';
import { VerifiedToggle } from '../src/features/directory/components/verified-toggle';
import {
  directoryFormTarget,
  directoryPageHref,
  hasActiveFilters,
  parseDirectoryFilters,
  writeDirectoryFilters,
} from '../src/features/directory/hooks/use-directory-filters';
import { json, renderApp, stubApi } from './auth-fixtures';
import { categories, categoryGroups, countries, makeOrganization } from './fixtures';

const verification = { domain: 'green-futures.org', verifiedAt: '2026-11-02T09:30:00.000Z' };

describe("'Verified only' in the URL (ADR 032)", () => {
  it('reads verified=true and nothing else as the filter', () => {
    expect(parseDirectoryFilters(new URLSearchParams('verified=true')).verified).toBe(true);
    for (const search of ['', 'verified=false', 'verified=1', 'verified=TRUE']) {
      expect(parseDirectoryFilters(new URLSearchParams(search)).verified).toBe(false);
    }
  });

  it('writes it and reads it back, with the other filters, dropping it when off', () => {
    const filters = {
      country: 'KE',
      categories: ['climate_action'],
      q: 'water',
      verified: true,
      hiring: false,
    };
    const written = writeDirectoryFilters(new URLSearchParams('cursor=abc&keep=1'), filters);
    expect(written.get('verified')).toBe('true');
    expect(written.has('cursor')).toBe(false);
    expect(parseDirectoryFilters(written)).toEqual(filters);
    const off = writeDirectoryFilters(written, { ...filters, verified: false });
    expect(off.has('verified')).toBe(false);
    expect(off.get('keep')).toBe('1');
  });

  it('keeps it in the links to pages, the URL the server keeps a page under', () => {
    expect(directoryPageHref(new URLSearchParams('verified=true&x=1'), 'next')).toBe(
      '/?verified=true&cursor=next',
    );
    expect(directoryPageHref(new URLSearchParams('verified=no'), null)).toBe('/');
  });

  it('counts as a filter to clear', () => {
    const none = { country: null, categories: [], q: '', hiring: false };
    expect(hasActiveFilters({ ...none, verified: false })).toBe(false);
    expect(hasActiveFilters({ ...none, verified: true })).toBe(true);
  });

  describe('without JavaScript (the filter form sent as a GET)', () => {
    it('turns it on through its own param, with no redirect', () => {
      // The toggle's button sends verified=true, the form the rest of the filter.
      expect(
        directoryFormTarget(new URLSearchParams('categories=climate_action&q=&verified=true')),
      ).toBeNull();
    });

    it('keeps it when a category is toggled (the form carries it)', () => {
      expect(
        directoryFormTarget(new URLSearchParams('verified=true&q=&toggle=climate_action')),
      ).toBe('/?categories=climate_action&verified=true');
    });

    it('turns it off with clear=verified, keeping the rest', () => {
      expect(
        directoryFormTarget(
          new URLSearchParams('categories=education&verified=true&q=water&clear=verified'),
        ),
      ).toBe('/?categories=education&q=water');
    });

    it("clears it with the chips' Clear All (clear=toggles) and with clear=all, not with clear=categories", () => {
      const sent = 'categories=education&country=KE&verified=true&q=';
      expect(directoryFormTarget(new URLSearchParams(`${sent}&clear=toggles`))).toBe(
        '/?country=KE',
      );
      expect(directoryFormTarget(new URLSearchParams(`${sent}&clear=all`))).toBe('/');
      expect(directoryFormTarget(new URLSearchParams(`${sent}&clear=categories`))).toBe(
        '/?country=KE&verified=true',
      );
    });
  });
});

function renderToggle(selected: boolean, count: number | undefined) {
  const onChange = vi.fn();
  render(<VerifiedToggle selected={selected} count={count} onChange={onChange} />);
  return { button: screen.getByRole('button'), onChange };
}

describe("the 'Verified only' toggle", () => {
  it('is named with its count and turns the filter on, or sends verified=true without JavaScript', () => {
    const { button, onChange } = renderToggle(false, 1234);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Verified only, 1234 verified');
    expect(button.textContent).toBe(domainVerificationTexts.filterLabel);
    // One element: the count is drawn from data-count.
    expect(button.getAttribute('data-count')).toBe('1,234');
    expect(button.children).toHaveLength(0);
    expect([button.getAttribute('name'), button.getAttribute('value')]).toEqual([
      'verified',
      'true',
    ]);
    button.click();
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('is disabled while no organization of the list is verified', () => {
    const { button, onChange } = renderToggle(false, 0);
    expect(button).toHaveProperty('disabled', true);
    button.click();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stays removable when on, sending clear=verified without JavaScript', () => {
    const { button, onChange } = renderToggle(true, 0);
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect([button.getAttribute('name'), button.getAttribute('value')]).toEqual([
      'clear',
      'verified',
    ]);
    button.click();
    expect(onChange).toHaveBeenCalledWith(false);
  });

  it('shows no count while the list loads', () => {
    const { button } = renderToggle(false, undefined);
    expect(button.getAttribute('aria-label')).toBeNull();
    expect(button.hasAttribute('data-count')).toBe(false);
  });
});

describe('the directory filtered to verified organizations', () => {
  function homeApi() {
    const verified = makeOrganization({ verification });
    return stubApi({
      'GET /api/categories': () => json({ data: categories }),
      'GET /api/category-groups': () => json({ data: categoryGroups }),
      'GET /api/organizations/active-countries': () => json({ data: countries }),
      'GET /api/organizations': ({ url }) => {
        const only = url.searchParams.get('verified') === 'true';
        return json({
          data: only ? [verified] : [makeOrganization({ id: crypto.randomUUID() }), verified],
          meta: { total: only ? 1 : 2, nextCursor: null, facets: {}, verified: 1 },
        });
      },
    });
  }

  it('asks the API for verified=true, shows the chip and the badge, and removes the filter from the chip', async () => {
    const fetchMock = homeApi();
    const { router } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Verified only, 1 verified' });
    expect(await screen.findByRole('heading', { name: homeTexts.gridHeading('2') })).toBeTruthy();
    await userEvent.click(toggle);

    await waitFor(() => expect(router.state.location.search).toBe('?verified=true'));
    expect(await screen.findByRole('heading', { name: homeTexts.gridHeading('1') })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('verified=true'))).toBe(
      true,
    );
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText(domainVerificationTexts.filterChip)).toBeTruthy();
    const card = screen.getByTestId('organization-card');
    expect(
      within(card).getByRole('img', { name: /^Verified: runs green-futures\.org/ }),
    ).toBeTruthy();

    await userEvent.click(
      within(chips).getByRole('button', {
        name: `Remove filter ${domainVerificationTexts.filterChip}`,
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
  });

  it('carries verified=true in the filter form, for a browser without JavaScript', async () => {
    homeApi();
    renderApp('/?verified=true');
    await screen.findByRole('heading', { name: homeTexts.gridHeading('1') });
    const form = document.getElementById('directory-filters') as HTMLFormElement;
    expect(new FormData(form).get('verified')).toBe('true');
  });
});
