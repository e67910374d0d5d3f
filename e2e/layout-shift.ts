import type { Page } from '@playwright/test';

/** Lighthouse's mobile screen (Moto G Power): where a shift is measured against the viewport. */
export const PHONE = { width: 412, height: 823 };

/** What a layout-shift entry carries that the DOM's types do not declare. */
type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean };

/**
 * Starts recording layout shifts on every document the page loads from now on, with a
 * PerformanceObserver('layout-shift') as the browser reports them (no timing involved: each entry
 * says how far visible content moved, as a fraction of the viewport).
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __layoutShifts: number[] }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        // Shifts right after a click or key press are expected and not counted (as in CLS).
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The page's cumulative layout shift so far: the sum of its shifts (at most a few seconds of
 * loading, so the sum is CLS's largest session window).
 */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(async () => {
    // After the next frame, once the observer has been told of what the last one moved.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return (window as unknown as { __layoutShifts: number[] }).__layoutShifts.reduce((sum, v) => sum + v, 0);
  });
}

/**
 * Holds back the API's answers matching `pattern` by `ms`, so that the page shows its state before
 * they arrive, as on a slow phone: the real answers, only later.
 */
export async function delayAnswers(page: Page, pattern: string | RegExp, ms = 600): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}
