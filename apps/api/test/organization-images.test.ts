import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { organizationImageSuite } from './support/organization-images-suite.ts';

/** The embedded default: images are files under DATA_DIR/uploads. */
organizationImageSuite({
  name: 'files on disk',
  async start() {
    return {
      env: {},
      files: (ctx) => {
        const root = path.join(ctx.dataDir, 'uploads');
        return {
          async keys() {
            const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
              () => [],
            );
            return entries
              .filter((entry) => entry.isFile())
              .map((entry) =>
                path
                  .relative(root, path.join(entry.parentPath, entry.name))
                  .split(path.sep)
                  .join('/'),
              );
          },
          read: (key) => readFile(path.join(root, key)),
        };
      },
      stop: async () => {},
    };
  },
});
