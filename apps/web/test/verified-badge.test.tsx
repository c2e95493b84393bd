import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { domainVerificationTexts } from '@si/contracts';
import { renderApp } from './auth-fixtures';
import { makeOrganization } from './fixtures';
import { profileApi } from './profile-api';
import { renderCard } from './render-helpers';

const verification = { domain: 'green-futures.org', verifiedAt: '2026-11-02T23:30:00.000Z' };
// Dates are those of UTC: the server's HTML and the browser's agree wherever either is.
const title = domainVerificationTexts.badgeTitle('green-futures.org', 'Nov 2, 2026');

describe('the Verified badge', () => {
  it("shows on a verified organization's card, named with the domain and the date", () => {
    renderCard({ verification });
    const badge = screen.getByRole('img', { name: title });
    expect(badge.textContent).toBe(domainVerificationTexts.badge);
    expect(badge.getAttribute('title')).toBe(title);
    // One element: the check mark is drawn by CSS (the home page's cap of elements).
    expect(badge.children).toHaveLength(0);
  });

  it('is not on the card of an organization that is not verified', () => {
    renderCard({ verification: null });
    expect(screen.queryByText(domainVerificationTexts.badge)).toBeNull();
  });

  it('is on the back of the card too, once drawn, without being read twice', () => {
    renderCard({ verification });
    fireEvent.focus(screen.getByTestId('organization-card'));
    const badges = screen.getAllByText(domainVerificationTexts.badge);
    expect(badges).toHaveLength(2);
    expect(badges[1]!.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getAllByRole('img', { name: title })).toHaveLength(1);
  });

  it('shows under the name on the profile, with the domain and the date', async () => {
    const organization = makeOrganization({ verification });
    profileApi(organization, null);
    renderApp(`/organizations/${organization.id}`);
    await screen.findByRole('heading', { level: 1, name: organization.name });
    const line = screen.getByText(
      domainVerificationTexts.profileLine('green-futures.org', 'Nov 2, 2026'),
    );
    expect(line.getAttribute('title')).toBe(title);
  });

  it('is not on the profile of an organization that is not verified', async () => {
    const organization = makeOrganization();
    profileApi(organization, null);
    renderApp(`/organizations/${organization.id}`);
    await screen.findByRole('heading', { level: 1, name: organization.name });
    expect(screen.queryByText(/^Verified/)).toBeNull();
  });
});
