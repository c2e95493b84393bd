import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test.ts';
import { embedPaths, embedTexts, insightsTexts } from '@si/contracts';
import { createOrganization, payThroughApi, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, logIn, site, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations as audit } from './support/axe-audit.ts';
import { screenshot } from './support/screenshots.ts';

/*
 * An owner copies the badge's and the card's HTML from their insights page and pastes them into
 * a page of their own site, on another origin: a visitor there sees the badge and the card, the
 * card's link goes to the profile, and the owner's insights count both fetches as embeds
 * (ADR 052).
 */

// Headless Chromium says so in its user agent, and is rightly counted as a bot.
const PERSON =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * The owner's own site: a page of their HTML on another origin, served by the test from this
 * machine's loopback as the directory is (Chromium refuses a page answered from nowhere, as a
 * routed one is, any request to a local address).
 */
async function ownerSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/our-work`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

test('an owner copies the badge and card snippets, and their own site shows both', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'emb'));
  const name = uniqueName(testInfo, 'Embed Harbor');
  const organization = await createOrganization(request, name);
  await payThroughApi(request, organization.id);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });

  await logIn(page, email, password);
  await page.goto(`/dashboard/organizations/${organization.id}/insights`);
  const embeds = page.getByRole('region', { name: embedTexts.heading });
  await expect(embeds).toBeVisible();
  // The owner's own look at the previews is not counted.
  await expect(
    embeds.frameLocator('iframe').getByRole('heading', { level: 1, name }),
  ).toBeVisible();

  await embeds.getByRole('button', { name: embedTexts.copyLabel(embedTexts.badgeHeading) }).click();
  await expect(page.getByText(embedTexts.copied)).toBeVisible();
  const badge = await page.evaluate(() => navigator.clipboard.readText());
  expect(badge).toBe(await page.getByTestId('embed-badge-snippet').inputValue());
  expect(badge).toContain(`src="${site}${embedPaths.badge(organization.id)}"`);
  expect(badge).toContain(`href="${site}/organizations/${organization.id}"`);
  await embeds.getByRole('button', { name: embedTexts.copyLabel(embedTexts.cardHeading) }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('<iframe');
  const card = await page.evaluate(() => navigator.clipboard.readText());
  expect(card).toBe(await page.getByTestId('embed-card-snippet').inputValue());
  await audit(page);
  await embeds.scrollIntoViewIfNeeded();
  await screenshot(page, 'dashboard-embeds');

  // A visitor on the owner's site, where both snippets were pasted.
  const visitor = await browser.newContext({
    userAgent: PERSON,
    viewport: page.viewportSize(),
  });
  const theirSite = await ownerSite(
    `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Our work</title></head><body style="font-family:sans-serif;margin:16px"><h1>Our work</h1><p>${badge}</p>${card}</body></html>`,
  );
  const onOwnerSite = await visitor.newPage();
  await onOwnerSite.goto(theirSite.url);
  const image = onOwnerSite.getByRole('img', { name: embedTexts.badgeAlt });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(100);
  const frame = onOwnerSite.frameLocator(`iframe[title="${embedTexts.iframeTitle(name)}"]`);
  await expect(frame.getByRole('heading', { level: 1, name })).toBeVisible();
  const profileLink = frame.getByRole('link', { name: embedTexts.cardLink });
  await expect(profileLink).toHaveAttribute('href', `${site}/organizations/${organization.id}`);
  await expect(profileLink).toHaveAttribute('target', '_blank');
  await screenshot(onOwnerSite, 'embeds-on-owner-site');
  await visitor.close();
  await theirSite.close();

  // The visitor's badge and card, counted as two embeds.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('insights-total-embeds')).toContainText(
      `${insightsTexts.metrics.embeds}2`,
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 20_000 });
});
