import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy/waitFor wait up to 10 s (not 1 s): lazy route modules load slowly on a busy, shared
// machine. A budget against hangs, not a speed assertion.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
