import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
const rows = [];
page.on('requestfinished', async (request) => {
  const sizes = await request.sizes();
  const response = await request.response();
  rows.push([request.resourceType(), request.url().replace(/^https?:\/\/[^/]+/, ''), sizes.responseBodySize + sizes.responseHeadersSize, response?.headers()['content-encoding'] ?? '-']);
});
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
await page.waitForTimeout(4000);
let js = 0;
for (const row of rows) { console.log(row.join('\t')); if (row[0] === 'script') js += row[2]; }
console.log('script bytes', js);
await browser.close();
