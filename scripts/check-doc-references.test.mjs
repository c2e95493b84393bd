// `node --test scripts/`: the markdown-reference check on a small made-up repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findDanglingReferences, slug } from './check-doc-references.mjs';

const repository = {
  'README.md': '# Title\n\n## Quick start\n\nSee [the start](#quick-start) and [gone](#nowhere).\n',
  'docs/product.md':
    '# Product\n\n## Route access\n\n```\n## not a heading\n```\n## Route access\n',
  'docs/decisions/001-a.md': 'See ../product.md#route-access and [b](002-b.md).\n',
  'src/a.ts': [
    '// docs/product.md#route-access, docs/product.md#route-access-1',
    "// docs/product.md, 'Route access' and docs/product.md, 'Screens'",
    '// docs/product.md#not-a-heading',
    '// README.md, then OTHER.md, then docs/missing.md',
    '// https://github.com/fastify/demo/blob/main/README.md is another site',
    '// file.mdx and x.md.bak are not markdown references',
  ].join('\n'),
};

const dangling = findDanglingReferences(Object.keys(repository), (file) => repository[file]);
const found = dangling.map(({ file, line, reference }) => `${file}:${line} ${reference}`);

test('finds the references that land nowhere, with file and line', () => {
  assert.deepEqual(found, [
    'README.md:5 #nowhere',
    'docs/decisions/001-a.md:1 002-b.md',
    "src/a.ts:2 docs/product.md, 'Screens'",
    'src/a.ts:3 docs/product.md#not-a-heading',
    'src/a.ts:4 OTHER.md',
    'src/a.ts:4 docs/missing.md',
  ]);
});

test('makes anchors as GitHub does', () => {
  assert.equal(slug('Limits and constants'), 'limits-and-constants');
  assert.equal(slug('Rules the server enforces: who, what'), 'rules-the-server-enforces-who-what');
  assert.equal(slug('`app.ts` and the edge (http/)'), 'appts-and-the-edge-http');
});
