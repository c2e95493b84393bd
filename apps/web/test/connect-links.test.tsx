import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import {
  ConnectLinks,
  connectLinks,
} from '../src/features/organization-profile/components/connect-links';

const published = { id: '3f2c8f4e-8d1a-4c55-9b7e-2f1d0a6b9c11', published: true };
const unpublished = { ...published, published: false };

describe('Connect links', () => {
  it('renders only URLs with the http: or https: protocol', () => {
    const links = connectLinks({
      ...published,
      websiteUrl: 'https://www.example.org/about',
      linkedinUrl: 'javascript:alert(1)',
      twitterUrl: 'ftp://example.org/feed',
      blogUrl: 'http://blog.example.org',
      donateUrl: null,
      volunteerUrl: null,
    });
    expect(links.map((link) => link.key)).toEqual(['website', 'blog']);
  });

  it('shows the website by its host name and opens every link in a new tab, through the counted redirect', () => {
    render(
      <ConnectLinks
        organization={{
          ...published,
          websiteUrl: 'https://www.example.org/about',
          linkedinUrl: 'https://www.linkedin.com/company/example',
          twitterUrl: 'not a url',
          blogUrl: null,
          donateUrl: null,
          volunteerUrl: null,
        }}
      />,
    );
    const website = screen.getByRole('link', { name: /example\.org/ });
    expect(website.getAttribute('href')).toBe(`/out/${published.id}/website`);
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: /LinkedIn/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Twitter/ })).toBeNull();
    expect(screen.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toBe(
      `/out/${published.id}/linkedin`,
    );
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it("links an owner's preview of an unpublished profile directly: the redirect answers only published ones", () => {
    render(
      <ConnectLinks
        organization={{
          ...unpublished,
          websiteUrl: 'https://www.example.org/about',
          linkedinUrl: null,
          twitterUrl: null,
          blogUrl: null,
          donateUrl: null,
          volunteerUrl: null,
        }}
      />,
    );
    expect(screen.getByRole('link', { name: /example\.org/ }).getAttribute('href')).toBe(
      'https://www.example.org/about',
    );
  });

  it('renders nothing when no link is usable', () => {
    const { container } = render(
      <ConnectLinks
        organization={{
          ...published,
          websiteUrl: 'data:text/html,hi',
          linkedinUrl: '',
          twitterUrl: null,
          blogUrl: null,
          donateUrl: null,
          volunteerUrl: null,
        }}
      />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('shows Donate and Volunteer under Support, through the counted redirect, only when set', () => {
    const links = {
      ...published,
      websiteUrl: null,
      linkedinUrl: null,
      twitterUrl: null,
      blogUrl: null,
      volunteerUrl: null,
    };
    const { unmount } = render(
      <ConnectLinks organization={{ ...links, donateUrl: 'https://example.org/donate' }} />,
    );
    const support = screen.getByRole('region', { name: 'Support' });
    const donate = within(support).getByRole('link', { name: /Donate/ });
    expect(donate.getAttribute('href')).toBe(`/out/${published.id}/donate`);
    expect(donate.getAttribute('target')).toBe('_blank');
    expect(donate.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: /Volunteer/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Connect' })).toBeNull();
    unmount();

    render(
      <ConnectLinks
        organization={{
          ...links,
          websiteUrl: 'https://example.org',
          donateUrl: 'javascript:alert(1)',
          volunteerUrl: 'https://example.org/volunteer',
        }}
      />,
    );
    expect(
      within(screen.getByRole('region', { name: 'Support' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/out/${published.id}/volunteer`]);
    expect(screen.getByRole('region', { name: 'Connect' })).toBeTruthy();
  });
});
