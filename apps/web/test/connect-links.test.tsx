import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import {
  ConnectLinks,
  connectLinks,
} from '../src/features/organization-profile/components/connect-links';

describe('Connect links', () => {
  it('renders only URLs with the http: or https: protocol', () => {
    const links = connectLinks({
      websiteUrl: 'https://www.example.org/about',
      linkedinUrl: 'javascript:alert(1)',
      twitterUrl: 'ftp://example.org/feed',
      blogUrl: 'http://blog.example.org',
    });
    expect(links.map((link) => link.key)).toEqual(['website', 'blog']);
  });

  it('shows the website by its host name and opens every link in a new tab', () => {
    render(
      <ConnectLinks
        organization={{
          websiteUrl: 'https://www.example.org/about',
          linkedinUrl: 'https://www.linkedin.com/company/example',
          twitterUrl: 'not a url',
          blogUrl: null,
        }}
      />,
    );
    const website = screen.getByRole('link', { name: /example\.org/ });
    expect(website.getAttribute('href')).toBe('https://www.example.org/about');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: /LinkedIn/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Twitter/ })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('renders nothing when no link is usable', () => {
    const { container } = render(
      <ConnectLinks
        organization={{
          websiteUrl: 'data:text/html,hi',
          linkedinUrl: '',
          twitterUrl: null,
          blogUrl: null,
        }}
      />,
    );
    expect(container.innerHTML).toBe('');
  });
});
