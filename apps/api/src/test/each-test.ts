import { afterEach, vi } from 'vitest';
import { useLowestHashCostForTests } from '../lib/passwords.ts';

// Passwords hash at argon2id's lowest cost in the API suites (lib/passwords.ts says why).
useLowestHashCostForTests(true);

// Files share their worker's module graph (decision 065): a test's fake clock never reaches the next.
afterEach(() => {
  vi.useRealTimers();
});
