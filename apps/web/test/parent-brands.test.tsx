import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderAppAt } from './render-helpers';

const sentence = 'Scaling Impact is a brand of Acme Learning and Hirewell.';

/** The site settings as GET /api/site gives them, with configured parent brands. */
const site = {
  supportEmail: 'support@example.org',
  supportPhone: '+1 555',
  supportAddress: '1 Example St',
  supportTimeZone: 'Africa/Nairobi',
  dataDeletionSubject: 'Data Deletion Request',
  parentBrands: {
    education: { name: 'Acme Learning', url: 'https://learn.example.net/' },
    hiring: { name: 'Hirewell', url: null },
  },
};

function json(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/site') return json({ data: site });
      if (pathname === '/api/faqs') return json({ data: [] });
      return json({ error: { code: 'NOT_FOUND', message: 'not found' } }, 404);
    }),
  );
  // Without an observer the deferred footer counts as near the viewport and renders at once.
  vi.stubGlobal('IntersectionObserver', undefined);
});
afterEach(() => vi.unstubAllGlobals());

/** The paragraph whose whole text is the parent-brands sentence. */
const brandLine = (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === sentence;

describe('parent brands (docs/product.md#who-it-is-for)', () => {
  it.each(['/about', '/contact', '/privacy'])(
    'shows the parent-brands line from the site settings on %s and in the footer',
    async (path) => {
      renderAppAt(path);
      const line = await within(await screen.findByRole('main')).findByText(brandLine);
      // A brand with a URL links to it; one without is plain text.
      const link = within(line).getByRole('link', { name: 'Acme Learning' });
      expect(link.getAttribute('href')).toBe('https://learn.example.net/');
      expect(within(line).queryByRole('link', { name: 'Hirewell' })).toBeNull();

      const footer = await screen.findByRole('contentinfo');
      expect(await within(footer).findByText(brandLine)).toBeTruthy();
    },
  );
});

describe('business hours on /contact', () => {
  it('name the time zone they are in, from the site settings', async () => {
    renderAppAt('/contact');
    const hours = await screen.findByTestId('business-hours');
    await vi.waitFor(() =>
      expect(hours.textContent).toBe('Mon-Fri 9am-5pm, East Africa Time (Africa/Nairobi)'),
    );
  });
});
