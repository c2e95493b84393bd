import { describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { detailTexts } from '@si/contracts';
import { OrganizationProfile } from '../src/features/organization-profile/components/organization-profile';
import {
  milestonesQueryOptions,
  openRolesQueryOptions,
} from '../src/features/organization-profile/api/get-roles-and-milestones';
import { createQueryClient } from '../src/lib/query-client';
import { categoriesById, countriesByCode, makeOrganization } from './fixtures';

/**
 * The profile as its route renders it, its open roles and milestones (queries of their own)
 * already read, as the route's loader leaves them: none here.
 */
function renderProfile(overrides: Parameters<typeof makeOrganization>[0] = {}) {
  const organization = makeOrganization(overrides);
  const queryClient = createQueryClient();
  queryClient.setQueryData(openRolesQueryOptions(organization.id).queryKey, []);
  queryClient.setQueryData(milestonesQueryOptions(organization.id).queryKey, []);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OrganizationProfile
          organization={organization}
          categoriesById={categoriesById}
          countriesByCode={countriesByCode}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('OrganizationProfile', () => {
  it('uses the default sentence for a category without details, and the owner text otherwise', () => {
    renderProfile({ categoriesDetails: { education: 'We run reading clubs.' } });
    const sections = screen.getAllByTestId('category-section');
    const climate = sections.find((section) => section.id === 'category-climate_action');
    expect(climate?.textContent).toContain(
      detailTexts.defaultCategorySentence('Aireandino Sensor Lab', 'Climate Action'),
    );
    expect(climate?.textContent).toContain(
      'Aireandino Sensor Lab is committed to excellence in the field of Climate Action.',
    );
    const education = sections.find((section) => section.id === 'category-education');
    expect(education?.textContent).toContain('We run reading clubs.');
  });

  it('orders the category sections by categoriesOrder and keeps company properties apart', () => {
    renderProfile({ categoriesOrder: { education: 0, climate_action: 1 } });
    const sections = screen.getAllByTestId('category-section');
    expect(sections.map((section) => section.id)).toEqual([
      'category-education',
      'category-climate_action',
    ]);
    const properties = screen.getByRole('region', { name: detailTexts.companyProperties });
    expect(within(properties).getByText('Nonprofit')).toBeTruthy();
  });

  it('keeps the line breaks of the description and renders it as text', () => {
    renderProfile({ description: '<b>Bold</b> claim\nSecond line' });
    const about = screen.getByText(/Second line/);
    expect(about.textContent).toBe('<b>Bold</b> claim\nSecond line');
    expect(about.className).toContain('whitespace-pre-line');
    expect(document.querySelector('b')).toBeNull();
  });

  it('shows Founded Year and Location with the country name in Organization Info', () => {
    renderProfile();
    const info = screen.getByRole('region', { name: detailTexts.info });
    expect(within(info).getByText('2021')).toBeTruthy();
    expect(within(info).getByText('Arequipa, Peru')).toBeTruthy();
  });

  it('leaves country ALL out of the location and hides an empty location', () => {
    renderProfile({ country: 'ALL', location: '', foundedYear: 1998 });
    const info = screen.getByRole('region', { name: detailTexts.info });
    expect(within(info).queryByText(detailTexts.location)).toBeNull();
    expect(within(info).getByText('1998')).toBeTruthy();
  });

  it('lists every category in Jump to with anchors', () => {
    renderProfile();
    const jump = screen.getByRole('navigation', { name: detailTexts.jumpTo });
    const hrefs = within(jump)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '#category-climate_action',
      '#category-education',
      '#category-nonprofit',
    ]);
  });
});
