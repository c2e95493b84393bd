import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const HEAD_BLOCK = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;
const ROOT_ELEMENT = '<div id="root"></div>';

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
  /** The page with an empty #root: the browser renders it (the account pages). */
  render(headTags: string): string;
  /** The page around server-rendered content: up to the #root element's content, and after it. */
  split(headTags: string, afterRoot: string): { start: string; end: string };
  built: boolean;
  /** Changes with every build (the template names the hashed assets): part of each page's ETag. */
  version: string;
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
  if (!html.includes(ROOT_ELEMENT))
    throw new Error(`${distDir}/index.html lacks the ${ROOT_ELEMENT} element`);
  const [before, after] = html.split(HEAD_BLOCK) as [string, string];
  const rootAt = after.indexOf(ROOT_ELEMENT) + ROOT_ELEMENT.length - '</div>'.length;
  return {
    render: (headTags) => `${before}${headTags}${after}`,
    split: (headTags, afterRoot) => ({
      start: `${before}${headTags}${after.slice(0, rootAt)}`,
      end: `</div>${afterRoot}${after.slice(rootAt + '</div>'.length)}`,
    }),
    built,
    version: createHash('sha1').update(html).digest('base64url').slice(0, 16),
  };
}
