import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // A frame's page (the insights page's card preview) is the server's: never fetched here.
    environmentOptions: { happyDOM: { settings: { disableIframePageLoading: true } } },
    include: ['test/**/*.test.tsx'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    // Stubs (fetch above all) stay until the next test starts, so a request still finishing
    // after a test answers from that test's stub and never goes to the network.
    unstubGlobals: true,
    // App-level tests load lazy route modules; beside the API tests on two cores that can take
    // seconds. These are budgets against hangs, not speed assertions.
    testTimeout: 20_000,
  },
});
