import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/**
 * From here on, setTimeout runs on a fake clock that moves only when the test moves it, so that
 * a delay is measured exactly. The page has loaded on real timers (lazy modules, requests).
 */
export function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // Testing Library drains its events with a setTimeout(0) that it runs itself only under
  // Jest's fake timers: give it Vitest's clock (restored after the test, like every stub).
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/**
 * Lets the app finish what it does now (promises, and what it schedules for now on the fake
 * clock) without moving the clock, until `check` passes.
 */
export async function settleNow(check: () => void) {
  for (let round = 0; ; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
    try {
      check();
      return;
    } catch (error) {
      if (round >= 200) throw error;
    }
  }
}

/** Moves the fake clock by `ms`, running what falls due, and lets the app settle at that time. */
export async function advanceClock(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}
