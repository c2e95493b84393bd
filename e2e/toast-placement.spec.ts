import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { imageMessages, organizationEditorTexts } from '@si/contracts';
import { createOrganization, uniqueName } from './fixtures.ts';
import { createVerifiedAccount, logIn, site, uniqueEmail } from './support/accounts.ts';
import { guestCodeFor } from './support/guest-codes.ts';
import { expect, test } from './support/test.ts';

/*
 * ADR 019: a toast lies over nothing the visitor may want to press, at either width.
 * They used to sit at the bottom right, over the editor's sticky Save and Cancel.
 */

/**
 * What stays on screen however the page scrolls, and lies under the toast: the header's controls
 * and the bar pinned to the bottom (the one holding `pinnedControl`), by name.
 */
async function pinnedUnder(page: Page, toast: Locator, pinnedControl: Locator): Promise<string[]> {
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  const bar = await pinnedControl.evaluateHandle((control) => {
    let element: Element | null = control;
    while (element && !['sticky', 'fixed'].includes(getComputedStyle(element).position)) {
      element = element.parentElement;
    }
    return element;
  });
  return page.evaluate(
    ([{ x, y, width, height }, bar]) => {
      const pinned = [
        ...Array.from(document.querySelectorAll('header a[href], header button')),
        ...(bar ? [bar] : []),
      ];
      return pinned
        .filter((element) => element.checkVisibility({ visibilityProperty: true }))
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          return (
            rect.width > 1 &&
            rect.height > 1 &&
            rect.left < x + width &&
            rect.right > x &&
            rect.top < y + height &&
            rect.bottom > y
          );
        })
        .map((element) =>
          element === bar
            ? 'the sticky bar'
            : (element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''),
        );
    },
    [box!, bar] as const,
  );
}

/**
 * Waits until the toast has slid into its place: its entry transition has run out, and two
 * readings of its box agree. The transition goes first: on a loaded machine two readings in one
 * starved frame agree while the toast is still above its place, over the header.
 */
async function settled(toast: Locator) {
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await toast.evaluate((element) =>
    Promise.allSettled(element.getAnimations().map((animation) => animation.finished)),
  );
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await toast.boundingBox());
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
}

test('a toast in the editor lies over neither its sticky Save and Cancel bar nor the header', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(request, uniqueEmail(testInfo, 'toast'));
  const organization = await createOrganization(request, uniqueName(testInfo, 'Toast Trust'));
  const applied = await request.post('/api/payments/apply-guest-code', {
    data: { organizationId: organization.id, code: guestCodeFor(testInfo.project.name) },
    headers: { origin: site },
  });
  expect(applied.ok()).toBe(true);
  await logIn(page, email, password);

  await page.goto(`/organizations/${organization.id}/edit`);
  const save = page.getByRole('button', { name: organizationEditorTexts.saveChanges });
  await expect(save).toBeVisible();

  const logo = await sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: 15, g: 94, b: 87 } },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel(organizationEditorTexts.logoLabel, { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await page.getByRole('button', { name: `${organizationEditorTexts.upload}: Logo` }).click();
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: imageMessages.uploaded('logo') });
  await expect(toast).toBeVisible();
  await settled(toast);

  // The sticky bar is on screen, and the toast lies over none of it, nor over the header, with
  // the page as the upload left it, scrolled to its end (where the footer may push the bar
  // away), or to its top.
  await expect(save).toBeInViewport();
  expect(await pinnedUnder(page, toast, save)).toEqual([]);
  for (const [where, top] of [
    ['end', 'document.documentElement.scrollHeight'],
    ['top', '0'],
  ] as const) {
    await page.evaluate(`window.scrollTo(0, ${top})`);
    expect(await pinnedUnder(page, toast, save), where).toEqual([]);
  }
});
