import { readFile } from 'node:fs/promises';
import path from 'node:path';

const HEAD_BLOCK = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;

/** Used when the web app has not been built (API-only tests): same markers, no scripts. */
const fallbackTemplate = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <!--app-head--><title>Scaling Impact</title><!--/app-head-->
  </head>
  <body><div id="root"></div></body>
</html>
`;

export interface IndexTemplate {
  render(headTags: string): string;
  built: boolean;
}

export async function loadIndexTemplate(distDir: string): Promise<IndexTemplate> {
  let html: string;
  let built = true;
  try {
    html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    html = fallbackTemplate;
    built = false;
  }
  if (!HEAD_BLOCK.test(html))
    throw new Error(`${distDir}/index.html lacks the <!--app-head--> block`);
  const [before, after] = html.split(HEAD_BLOCK) as [string, string];
  return { render: (headTags) => `${before}${headTags}${after}`, built };
}
