import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy/waitFor wait up to 5 s (not 1 s): lazy route modules load slowly on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
