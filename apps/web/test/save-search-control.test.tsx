import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveSearchButtonTexts } from '@si/contracts';
import { SaveSearchControl } from '../src/features/saved-searches/components/save-search-control';
import type { SearchToSave } from '../src/features/saved-searches/components/search-to-save';

const search: SearchToSave = {
  follows: 'organizations',
  filters: { q: '', categories: ['education'], country: null, verified: false, hiring: false },
};

function control(canSave: boolean | undefined) {
  return (
    <MemoryRouter>
      <SaveSearchControl
        search={search}
        labels={['Education']}
        canSave={canSave}
        checkCanSave={() => new Promise(() => {})}
      />
      <a href="/elsewhere">Elsewhere</a>
    </MemoryRouter>
  );
}

describe('Save this search', () => {
  it('keeps a keyboard user on it when the session arrives and the button becomes the sign-in link', async () => {
    const user = userEvent.setup();
    const { rerender } = render(control(undefined));
    await user.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: saveSearchButtonTexts.save }),
    );
    act(() => rerender(control(false)));
    expect(document.activeElement).toBe(
      screen.getByRole('link', { name: saveSearchButtonTexts.signInToSave }),
    );
  });

  it('leaves focus where the visitor moved it', async () => {
    const user = userEvent.setup();
    const { rerender } = render(control(undefined));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Elsewhere' }));
    act(() => rerender(control(false)));
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Elsewhere' }));
  });
});
