import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { footerTexts, homeTexts, notFoundTexts } from '@si/contracts';
import { findOrganization, getOrganization, openCategoryPanel } from './fixtures.ts';

/** Console errors and warnings, and uncaught errors, from the moment the page starts loading. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // A 404 page is answered 404 on purpose; Chromium reports that status for the document.
    if (/status of 404/.test(message.text()) && message.location().url === page.url()) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

const dataRequest = /^\/api\/(organizations|categories|category-groups|countries|faqs|site)/;
/** The reference answers a page names (`data-shared`), fetched under the reference version. */
const sharedAnswer = /^\/api\/(categories|category-groups|countries)\?v=[\w-]+$/;

/**
 * The directory's data requests the page makes by itself, as path and query; the shared
 * reference answers apart, and of those the ones the browser's cache did not answer.
 */
async function watchListRequests(page: Page) {
  const requests: string[] = [];
  const shared: string[] = [];
  const sharedFromNetwork: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', ({ response }) => {
    const { pathname, search } = new URL(response.url);
    if (sharedAnswer.test(`${pathname}${search}`) && !response.fromDiskCache)
      sharedFromNetwork.push(`${pathname}${search}`);
  });
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (!dataRequest.test(pathname)) return;
    if (sharedAnswer.test(`${pathname}${search}`)) shared.push(pathname);
    else requests.push(pathname);
  });
  return { requests, shared, sharedFromNetwork };
}

test.describe('public pages rendered on the server', () => {
  test('hydrate without a warning, an error or fetching their data again', async ({
    page,
    request,
  }) => {
    const organization = await findOrganization(request, 'limit=1');
    const pages: [string, string][] = [
      ['/', homeTexts.heading],
      ['/?categories=climate_action', homeTexts.heading],
      [`/organizations/${organization.id}`, organization.name],
      ['/about', 'Helping mission-driven organizations be seen'],
      ['/contact', "We'd love to hear from you"],
      ['/faq', 'Frequently asked questions'],
      ['/privacy', 'Privacy Policy'],
      ['/no-such-page', notFoundTexts.title],
      ['/organizations/00000000-0000-4000-8000-000000000000', 'Organization Not Found'],
    ];
    const fetched = new Set<string>();
    for (const [path, heading] of pages) {
      const problems = watchConsole(page);
      const { requests, shared, sharedFromNetwork } = await watchListRequests(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
      // Hydrated: the header's account area comes only from the running app.
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      // Only the FAQ may be asked for (About and Contact link their first questions); the
      // footer's contact email and parent brands came with the page.
      expect(
        requests.filter((request) => request !== '/api/faqs'),
        path,
      ).toEqual([]);
      // The reference answers it names: fetched once for the whole visit, then from the cache.
      if (path === '/')
        expect(shared.sort()).toEqual([
          '/api/categories',
          '/api/category-groups',
          '/api/countries',
        ]);
      for (const url of sharedFromNetwork) {
        expect(fetched, `${path} fetched ${url} again`).not.toContain(url);
        fetched.add(url);
      }
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      page.removeAllListeners('request');
    }
  });

  test('hydrate a page the server kept for minutes without fetching its data again', async ({
    page,
    request,
  }) => {
    const organization = await findOrganization(request, 'limit=1');
    const path = `/organizations/${organization.id}`;
    // Rendered and kept now; the browser opens it as if ten minutes later (its data's age then
    // exceeds every staleTime the app sets).
    expect((await request.get(path)).status()).toBe(200);
    await page.clock.install({ time: new Date(Date.now() + 10 * 60_000) });
    const { requests } = await watchListRequests(page);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
  });

  test('keep today’s behaviour with JavaScript: filters in the URL without reloading', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) documents.push(request.url());
    });
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill('water');
    await expect(page).toHaveURL(/q=water/);
    await expect(
      page.getByRole('button', { name: homeTexts.searchButton, exact: true }),
    ).toBeHidden();
    expect(documents).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the directory reads, filters by link and form, pages on, and opens a profile', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: homeTexts.heading })).toBeVisible();
    const firstPage = await page.getByTestId('organization-card').allTextContents();
    expect(firstPage.length).toBeGreaterThan(0);

    // A category: its button sends the filter form; the server answers with the filter's URL.
    await openCategoryPanel(page);
    await page.getByRole('button', { name: /^Climate Action/ }).click();
    await expect(page).toHaveURL(/categories=climate_action/);
    await expect(page.getByText('Category: Climate Action')).toBeVisible();
    const climate = await findOrganization(request, 'categories=climate_action&limit=1');
    await expect(page.getByTestId('organization-card').first()).toContainText(climate.name);

    // The search and the country go with the same form.
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill('a');
    await page.getByRole('button', { name: homeTexts.searchButton, exact: true }).click();
    await expect(page).toHaveURL(/q=a/);
    await expect(page).toHaveURL(/categories=climate_action/);
    const country = climate.country === 'ALL' ? 'KE' : climate.country;
    await page.getByLabel('Country').selectOption(country);
    await page.getByRole('button', { name: homeTexts.applyCountry }).click();
    await expect(page).toHaveURL(new RegExp(`country=${country}`));

    // The whole directory again, then its next page by link.
    await page.goto('/');
    await page.getByRole('link', { name: homeTexts.nextPage }).click();
    await expect(page).toHaveURL(/cursor=/);
    const secondPage = await page.getByTestId('organization-card').allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage[0]).not.toBe(firstPage[0]);
    await expect(page.getByRole('link', { name: homeTexts.firstPage })).toBeVisible();

    // A profile, complete.
    const card = page.getByTestId('organization-card').first();
    const id = (await card.getAttribute('href'))!.split('/').pop()!;
    await card.click();
    const organization = await getOrganization(request, id);
    await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible();
    await expect(page.getByText(organization.description.split('\n')[0]!)).toBeVisible();
  });

  test('a profile keeps its footer: the quick links, the tagline and the contact email (ADR 019)', async ({
    page,
    request,
  }) => {
    const organization = await findOrganization(request, 'limit=1');
    await page.goto(`/organizations/${organization.id}`);
    await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    // The first paint waits until the page is parsed to its footer (ADR 039): the element the
    // head names is the footer's, on the profile and on home.
    for (const path of [`/organizations/${organization.id}`, '/']) {
      const html = await (await request.get(path)).text();
      const expected = /<link rel="expect" href="#([\w-]+)" blocking="render"/.exec(html)?.[1];
      expect(expected, path).toBeDefined();
      expect(/<footer[\s\S]*<\/footer>/.exec(html)?.[0], path).toContain(`id="${expected}"`);
    }
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['FAQ', '/faq'],
      ['Privacy Policy', '/privacy'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByText(footerTexts.tagline)).toBeVisible();
    await expect(footer.getByRole('link', { name: 'support@example.org' })).toHaveAttribute(
      'href',
      'mailto:support@example.org',
    );
    // The links lead on, and the next page has its footer too.
    await footer.getByRole('link', { name: 'Privacy Policy', exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }),
    ).toBeVisible();
  });
});
