import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  consoleTexts,
  domainVerificationTexts as texts,
  homeTexts,
  organizationEditorTexts,
  type OrganizationListMeta,
  type OrganizationVerification,
} from '@si/contracts';
import {
  createOrganization,
  getOrganization,
  openCategoryPanel,
  payThroughApi,
  uniqueName,
} from './fixtures.ts';
import {
  createVerifiedAccount,
  logIn,
  site,
  uniqueEmail,
  waitForEmail,
} from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe-audit.ts';
import { grantOperator } from './support/operators.ts';
import { screenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * Verified organizations (ADR 032): an owner proves the website's domain with a code
 * emailed there; the badge shows on the profile and the card; visitors filter by it, with and
 * without JavaScript; an operator revokes it.
 */

/**
 * A domain no other test asks codes for (codes are counted per domain and hour), and not a free
 * mail provider's.
 */
function uniqueDomain(testInfo: TestInfo, label: string): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${label}-${testInfo.project.name}-${nonce}.org`;
}

/** The day as the app shows it: "Nov 25, 2026", in UTC. */
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

/** The code in the verification email sent to `to`. */
async function emailedCode(to: string, domain: string): Promise<string> {
  const email = await waitForEmail(to, new RegExp(texts.codeEmailSubject(domain)));
  const code = /Your code is (\d{6})/.exec(email.text)?.[1];
  if (!code) throw new Error(`no code in: ${email.text}`);
  return code;
}

/** Saves a website on the organization through the API, as the editor's Save does. */
async function saveWebsite(request: APIRequestContext, id: string, websiteUrl: string) {
  const current = await getOrganization(request, id);
  const saved = await request.put(`/api/organizations/${id}`, {
    data: {
      version: current.version,
      name: current.name,
      description: current.description,
      country: current.country,
      foundedYear: null,
      websiteUrl,
      linkedinUrl: null,
      twitterUrl: null,
      blogUrl: null,
      categoryIds: current.categoryIds,
    },
    headers: { origin: site },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A published organization of a new owner (signed in on `request`) named `name`. */
async function publishedOrganization(request: APIRequestContext, name: string) {
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);
  return organization;
}

/** The owner on `request` proves `domain` through the API, as the editor's section does. */
async function verifyThroughApi(
  request: APIRequestContext,
  id: string,
  domain: string,
): Promise<OrganizationVerification> {
  await saveWebsite(request, id, `https://www.${domain}/`);
  const sent = await request.post(`/api/organizations/${id}/verification/code`, {
    data: { localPart: 'info' },
    headers: { origin: site },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const confirmed = await request.post(`/api/organizations/${id}/verification`, {
    data: { code: await emailedCode(`info@${domain}`, domain) },
    headers: { origin: site },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { data: OrganizationVerification }).data;
}

/** The API's count of verified organizations under a filter, as the page's toggle shows it. */
async function verifiedCount(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/organizations?limit=1&${query}`);
  return ((await response.json()) as { meta: OrganizationListMeta }).meta.verified;
}

const verifiedSection = (page: Page) => page.getByRole('region', { name: texts.heading });

test.describe('verified organizations', () => {
  test(
    'an owner proves the website domain with the emailed code, a wrong one first, and the badge shows on the profile and the card',
    { tag: '@desktop-only' },
    async ({ page, request }, testInfo) => {
      test.slow();
      const { email, password } = await createVerifiedAccount(
        request,
        uniqueEmail(testInfo, 'verify'),
      );
      const name = uniqueName(testInfo, 'Green Futures');
      const organization = await publishedOrganization(request, name);
      const domain = uniqueDomain(testInfo, 'green-futures');
      await logIn(page, email, password);

      // No website saved yet: the section asks for one, typed or not, until it is saved.
      await page.goto(`/organizations/${organization.id}/edit`);
      const section = verifiedSection(page);
      await expect(section.getByText(texts.noWebsite)).toBeVisible();
      const website = page.getByLabel(organizationEditorTexts.websiteLabel, { exact: true });
      await website.fill(`www.${domain}`);
      await website.blur();
      await expect(section.getByText(texts.noWebsite)).toBeVisible();
      await page.getByRole('button', { name: organizationEditorTexts.saveChanges }).click();
      await expect(page).toHaveURL(new RegExp(`/organizations/${organization.id}$`));
      await page.goto(`/organizations/${organization.id}/edit`);
      await expect(section.getByText(texts.intro(domain))).toBeVisible();
      await expect(section.getByText(`@${domain}`)).toBeVisible();

      // Another domain typed over the saved one: the code would go to the saved one, so save first.
      const saved = await website.inputValue();
      await website.fill(`https://another-${domain}/`);
      await expect(section.getByText(texts.unsavedWebsite)).toBeVisible();
      await website.fill(saved);
      await expect(section.getByText(texts.intro(domain))).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'verification-editor', { viewport: true });

      // Enter sends the code: the section's own form, which never saves the profile.
      await section.getByLabel(texts.localPartLabel).fill('hello');
      await section.getByLabel(texts.localPartLabel).press('Enter');
      await expect(section.getByText(texts.codeSent(`hello@${domain}`))).toBeVisible();
      const code = await emailedCode(`hello@${domain}`, domain);
      const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

      const codeField = section.getByLabel(texts.codeLabel);
      await expect(codeField).toBeFocused();
      await codeField.fill(wrong);
      await section.getByRole('button', { name: texts.verify }).click();
      await expect(section.getByText(texts.wrongCode(4))).toBeVisible();
      await expect(codeField).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousAxeViolations(page);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'verification-editor-wrong-code', { viewport: true });

      await codeField.fill(code);
      await codeField.press('Enter');
      await expect(page.getByText(texts.verifiedToast)).toBeVisible();
      const { verification } = await getOrganization(request, organization.id);
      expect(verification?.domain).toBe(domain);
      const since = day(verification!.verifiedAt);
      await expect(section.getByText(texts.verifiedNow(domain, since))).toBeVisible();
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'verification-editor-verified', { viewport: true });

      // In the server's HTML of the profile and of the directory, before any script runs.
      const profileHtml = await (await request.get(`/organizations/${organization.id}`)).text();
      expect(profileHtml).toContain(texts.profileLine(domain, since));
      const homeHtml = await (await request.get(`/?q=${encodeURIComponent(name)}`)).text();
      expect(homeHtml).toContain(`aria-label="${texts.badgeTitle(domain, since)}"`);

      // The profile, as the visitor sees it.
      await page.goto(`/organizations/${organization.id}`);
      await expect(page.getByText(texts.profileLine(domain, since))).toBeVisible();
      await screenshot(page, 'verification-profile', { viewport: true });

      // The card, found by its name.
      await page.goto(`/?q=${encodeURIComponent(name)}`);
      const card = page.getByTestId('organization-card');
      await expect(card).toHaveCount(1);
      await expect(card.getByRole('img', { name: texts.badgeTitle(domain, since) })).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'verification-card', { viewport: true });
    },
  );

  test('the code form shows the whole domain the code goes to, at both widths', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'long'));
    const organization = await publishedOrganization(request, uniqueName(testInfo, 'River'));
    const domain = uniqueDomain(testInfo, 'riverreaders-association-upper-valley');
    await saveWebsite(request, organization.id, `https://${domain}/`);
    await logIn(page, email, password);
    await page.goto(`/organizations/${organization.id}/edit`);
    const section = verifiedSection(page);
    const shown = section.getByTestId('verification-domain');
    await expect(shown).toHaveText(`@${domain}`);
    await shown.scrollIntoViewIfNeeded();
    // Nothing of it is cut: no hidden overflow, and it stays inside the section.
    const cut = await shown.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const frame = element.closest('section')!.getBoundingClientRect();
      return (
        element.scrollWidth > element.clientWidth ||
        element.scrollHeight > element.clientHeight ||
        box.right > frame.right + 0.5
      );
    });
    expect(cut).toBe(false);
    await screenshot(page, 'verification-long-domain', { viewport: true });
  });

  test('a visitor filters the directory to verified organizations, with the count', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    await createVerifiedAccount(request, uniqueEmail(testInfo, 'filter'));
    const base = uniqueName(testInfo, 'Meadow Trust');
    const verified = await publishedOrganization(request, `${base} Proven`);
    await publishedOrganization(request, `${base} Plain`);
    await verifyThroughApi(request, verified.id, uniqueDomain(testInfo, 'meadow'));

    // The whole directory: the toggle counts what the API counts. Other workers verify and
    // revoke meanwhile, so the page's count must lie between the API's before and after it.
    const before = await verifiedCount(request, '');
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /^Verified only/ });
    await expect(toggle).toHaveAttribute('data-count', /^\d+$/);
    const shown = Number(await toggle.getAttribute('data-count'));
    const after = await verifiedCount(request, '');
    expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
    expect(shown).toBeLessThanOrEqual(Math.max(before, after));
    await expect(toggle).toHaveAccessibleName(`${texts.filterLabel}, ${texts.filterCount(shown)}`);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await screenshot(page, 'verification-filter', { viewport: true });

    // Searched: two organizations, one verified.
    await page.goto(`/?q=${encodeURIComponent(base)}`);
    await expect(page.getByTestId('organization-card')).toHaveCount(2);
    await expect(toggle).toHaveAccessibleName(`${texts.filterLabel}, ${texts.filterCount(1)}`);
    await toggle.click();
    await expect(page).toHaveURL(/verified=true/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const cards = page.getByTestId('organization-card');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(`${base} Proven`);
    await expect(cards.getByRole('img', { name: /^Verified: runs / })).toBeVisible();
    const chips = page.getByRole('group', { name: 'Active filters' });
    await expect(chips.getByText(texts.filterChip, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: homeTexts.gridHeading('1') })).toBeVisible();
    await screenshot(page, 'verification-filter-on', { viewport: true });

    await chips.getByRole('button', { name: `Remove filter ${texts.filterChip}` }).click();
    await expect(page).not.toHaveURL(/verified=/);
    await expect(page.getByTestId('organization-card')).toHaveCount(2);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a visitor turns the filter on and off through the filter form', async ({
      page,
      request,
    }, testInfo) => {
      test.slow();
      await createVerifiedAccount(request, uniqueEmail(testInfo, 'nojs'));
      const base = uniqueName(testInfo, 'Quiet Harbor');
      const verified = await publishedOrganization(request, `${base} Proven`);
      await publishedOrganization(request, `${base} Plain`);
      await verifyThroughApi(request, verified.id, uniqueDomain(testInfo, 'harbor'));

      await page.goto(`/?q=${encodeURIComponent(base)}`);
      await expect(page.getByTestId('organization-card')).toHaveCount(2);
      const toggle = page.getByRole('button', { name: /^Verified only/ });
      await expect(toggle).toHaveAccessibleName(`${texts.filterLabel}, ${texts.filterCount(1)}`);
      await toggle.click();
      await expect(page).toHaveURL(/verified=true/);
      expect(new URL(page.url()).searchParams.get('q')).toBe(base);
      const cards = page.getByTestId('organization-card');
      await expect(cards).toHaveCount(1);
      await expect(cards.getByRole('img', { name: /^Verified: runs / })).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');

      // A category toggled meanwhile keeps it (the form carries verified=true).
      await openCategoryPanel(page);
      await page.getByRole('button', { name: /^Climate Action/ }).click();
      await expect(page).toHaveURL(/verified=true/);
      await expect(page).toHaveURL(/categories=climate_action/);

      // The chip's remove button takes it off, and the rest stays.
      await page
        .getByRole('group', { name: 'Active filters' })
        .getByRole('button', { name: `Remove filter ${texts.filterChip}` })
        .click();
      await expect(page).not.toHaveURL(/verified=/);
      await expect(page).toHaveURL(/categories=climate_action/);
    });
  });

  test('an operator revokes a badge with a reason: it leaves the profile, the owner is told, the log keeps it @desktop-only', async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    test.slow();
    const owner = await playwright.request.newContext({ baseURL: site });
    const ownerEmail = uniqueEmail(testInfo, 'revoke-owner');
    await createVerifiedAccount(owner, ownerEmail);
    const name = uniqueName(testInfo, 'Borrowed Domain');
    const organization = await publishedOrganization(owner, name);
    const domain = uniqueDomain(testInfo, 'borrowed');
    await verifyThroughApi(owner, organization.id, domain);
    await owner.dispose();

    const operatorEmail = uniqueEmail(testInfo, 'revoke-operator');
    const { password } = await createVerifiedAccount(request, operatorEmail);
    await grantOperator(operatorEmail);
    await logIn(page, operatorEmail, password);
    await page.goto(`/admin/organizations/${organization.id}`);
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByText(domain, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: texts.console.revoke, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: texts.console.revokeTitle });
    await expect(dialog.getByText(texts.console.revokeHelp)).toBeVisible();
    await dialog
      .getByLabel(consoleTexts.reasonLabel, { exact: true })
      .fill('The domain belongs to another organization');
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'verification-console-revoke', { viewport: true });
    await dialog.getByRole('button', { name: texts.console.revoke, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(texts.console.revoked)).toBeVisible();
    await expect(page.getByText(texts.console.none, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: texts.console.revoke, exact: true })).toHaveCount(
      0,
    );

    await waitForEmail(ownerEmail, new RegExp(texts.revokedEmailSubject(name)));
    expect((await getOrganization(request, organization.id)).verification).toBeNull();
    const profileHtml = await (await request.get(`/organizations/${organization.id}`)).text();
    expect(profileHtml).not.toContain(texts.profileLine(domain, ''));
    await page.goto(`/admin/audit?q=${encodeURIComponent(name)}`);
    await expect(page.getByText('organization.revoke-verification').first()).toBeVisible();
  });
});
