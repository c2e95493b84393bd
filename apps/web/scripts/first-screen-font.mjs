// Writes src/styles/fonts/inter-first-screen.woff2: Inter (fontsource's Latin file) cut down to
// what the first screen draws: Latin letters, digits and punctuation, at the weights the app
// uses (400 to 600). index.html preloads it; app.css declares it for those characters only, so
// anything else still comes from fontsource's files when a page needs it (ADR 017).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const source = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const target = join(
  import.meta.dirname,
  '..',
  'src',
  'styles',
  'fonts',
  'inter-first-screen.woff2',
);

/** Keep in step with the unicode-range of the @font-face in src/styles/app.css. */
const ranges = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20ac, 0x20ac],
];
let text = '';
for (const [from, to] of ranges) {
  for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code);
}

const subset = await subsetFont(readFileSync(source), text, {
  targetFormat: 'woff2',
  variationAxes: { wght: { min: 400, max: 600 } },
});
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, subset);
console.log(`first-screen font: ${(subset.length / 1024).toFixed(1)} KB`);
