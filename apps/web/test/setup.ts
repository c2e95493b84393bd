import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy/waitFor wait up to 10 s (not 1 s): lazy route modules load slowly on a busy, shared
// machine. A budget against hangs, not a speed assertion.
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  cleanup();
  // React's scheduler runs work in a setImmediate. Work that a response queued just before the
  // test ended would otherwise run after the file's jsdom is gone: "window is not defined", an
  // unhandled error that fails the run though every test passed (seen in CI under load).
  await new Promise((resolve) => setImmediate(resolve));
});
