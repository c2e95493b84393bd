import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';

// findBy/waitFor wait up to 10 s (not 1 s): lazy route modules load slowly on a busy, shared
// machine. A budget against hangs, not a speed assertion.
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  cleanup();
  // Toasts live in a root of their own (lib/toaster-host.tsx) that cleanup() leaves: dismissed
  // here, and given sonner's 200 ms to remove them, their timers (4 s each) never fire into a
  // document already torn down, another "window is not defined".
  if (typeof document !== 'undefined' && document.getElementById('toasts')) {
    toast.dismiss();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  // React's scheduler runs work in a setImmediate. Work that a response queued just before the
  // test ended would otherwise run after the file's jsdom is gone: "window is not defined", an
  // unhandled error that fails the run though every test passed (seen in CI under load).
  await new Promise((resolve) => setImmediate(resolve));
});

// A response or timer a file's last test started can still be running when the file ends; a
// moment here lets it finish while the document exists, instead of in a torn-down one (the
// unhandled errors above were of this kind).
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setImmediate(resolve));
});
