import { afterEach, vi } from 'vitest';

// Files share their worker's module graph (decision 065): a test's fake clock never reaches the next.
afterEach(() => {
  vi.useRealTimers();
});
