import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderCard } from './render-helpers';

describe('OrganizationCard', () => {
  it('shows a coloured initial avatar when there is no logo', () => {
    renderCard({ logo: null, name: 'aireandino Sensor Lab' });
    const avatar = screen.getByTestId('initial-avatar');
    expect(avatar.textContent).toBe('A');
    expect(avatar.getAttribute('aria-label')).toBe('aireandino Sensor Lab');
    expect(screen.queryByRole('img', { name: 'aireandino Sensor Lab' })?.tagName).toBe('SPAN');
  });

  it('shows the logo with the organization name as alt text, loaded lazily', () => {
    renderCard({ logo: '/uploads/logo.webp' });
    const logo = screen.getByAltText('Aireandino Sensor Lab');
    expect(logo.tagName).toBe('IMG');
    expect(logo.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByTestId('initial-avatar')).toBeNull();
  });

  it('links the whole card to the profile', () => {
    renderCard();
    expect(screen.getByTestId('organization-card').getAttribute('href')).toBe(
      '/organizations/2d732f74-eeed-4db2-b3e6-4a5bcab67d9e',
    );
  });

  it('draws the back, with its badges, on the first hover or keyboard focus', () => {
    const { container } = renderCard();
    expect(container.querySelectorAll('.flip-back [data-variant]').length).toBe(0);
    fireEvent.focus(screen.getByTestId('organization-card'));
    expect(container.querySelectorAll('.flip-back [data-variant]').length).toBe(3);
  });

  it('highlights every badge when no filter is active', () => {
    const { container } = renderCard();
    fireEvent.pointerEnter(screen.getByTestId('organization-card'));
    const badges = container.querySelectorAll('.flip-back [data-variant]');
    expect(badges.length).toBe(3);
    for (const badge of badges) expect(badge.getAttribute('data-variant')).toBe('filled');
  });

  it('fills the badges of the active filter and outlines the others', () => {
    const { container } = renderCard({}, ['education']);
    fireEvent.focus(screen.getByTestId('organization-card'));
    const variants = Object.fromEntries(
      [...container.querySelectorAll('.flip-back [data-variant]')].map((badge) => [
        badge.textContent,
        badge.getAttribute('data-variant'),
      ]),
    );
    expect(variants['📚Education & Learning']).toBe('filled');
    expect(variants['🌱Climate Action']).toBe('outlined');
  });

  it('writes the location with the country name and flag, and leaves country ALL out', () => {
    renderCard();
    expect(screen.getAllByText('Arequipa, Peru').length).toBeGreaterThan(0);
    renderCard({ country: 'ALL', location: 'Remote', id: '3d732f74-eeed-4db2-b3e6-4a5bcab67d9e' });
    expect(screen.getAllByText('Remote').length).toBeGreaterThan(0);
  });
});
