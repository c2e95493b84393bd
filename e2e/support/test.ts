import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's test, with page.goto waiting until the app runs on the page: public pages arrive
 * rendered by the server and readable, but their buttons act only once the app has hydrated
 * (<html data-hydrated>), a moment after the first paint (ADR 017). A visitor who acts sooner
 * gets the page's no-JavaScript behaviour; the specs test the app.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = response?.headers()['content-type']?.includes('text/html') ?? false;
      if (javaScriptEnabled && html) {
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
});
