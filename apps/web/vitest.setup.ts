import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import './src/lib/i18n';
import { stubRemoteConfig } from './src/testing/render';

// jsdom has no layout; the router's ScrollRestoration calls this on navigation.
window.scrollTo = () => {};

// Tests answer the network with stubFetch (src/testing/render.tsx); each test starts without one.
const realFetch = globalThis.fetch;

afterEach(() => {
  cleanup();
  // Files share their worker's module graph (decision 065): a fake clock never reaches the next.
  vi.useRealTimers();
  globalThis.fetch = realFetch;
  stubRemoteConfig();
  localStorage.clear();
  sessionStorage.clear();
});
