import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * A full-page screenshot for review, when E2E_SCREENSHOTS names a folder: `<name>-<width>.png`
 * (375 on phones, 1280 on desktops). Taken from the top of the page: scrolled, the sticky header
 * would show halfway down the picture. `viewport`: only what is on screen, as it is (a dialog
 * over the page).
 */
export async function screenshot(
  page: Page,
  name: string,
  { viewport = false }: { viewport?: boolean } = {},
): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  const width = page.viewportSize()?.width ?? 0;
  const path = join(folder, `${name}-${width}.png`);
  if (viewport) {
    await page.screenshot({ path });
    return;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}
