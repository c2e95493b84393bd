import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * A full-page screenshot for review, when E2E_SCREENSHOTS names a folder: `<name>-<width>.png`
 * (375 on phones, 1280 on desktops). Taken from the top of the page: scrolled, the sticky header
 * would show halfway down the picture. A dialog is taken as the screen shows it (`fullPage: false`):
 * its overlay covers the screen, not the whole page.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage });
}
