import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'colecao2024';

/** A fresh address per test, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'pessoa'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates an account through the API (faster than the form when the form is not under test). */
export async function registerThroughApi(request: APIRequestContext, name: string, email: string) {
  const response = await request.post('/api/v1/registration', {
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  if (response.status() !== 201) throw new Error(`registration failed: ${response.status()}`);
}

export async function fillRegisterForm(
  page: Page,
  fields: { name: string; email: string; password: string },
) {
  await page.getByLabel('Nome completo').fill(fields.name);
  await page.getByLabel('E-mail').fill(fields.email);
  await page.getByLabel('Senha', { exact: true }).fill(fields.password);
  await page.getByLabel('Confirme a senha').fill(fields.password);
}

export function storage(page: Page, area: 'localStorage' | 'sessionStorage') {
  return page.evaluate((which) => {
    const store = window[which];
    return Object.fromEntries(
      ['token', 'user_id', 'user_name', 'user_email', 'user_picture'].map((key) => [key, store.getItem(key)]),
    );
  }, area);
}

export type TestSession = {
  token: string;
  userId: string;
  name: string;
  email: string;
  emailVerified: boolean;
};

/** Registers through the API and returns the session it answers with (no UI steps). */
export async function signUp(request: APIRequestContext, name: string): Promise<TestSession> {
  const email = uniqueEmail(
    name
      .split(' ')[0]!
      .normalize('NFD')
      .replace(/[^a-zA-Z]/g, '')
      .toLowerCase(),
  );
  const response = await request.post('/api/v1/registration', {
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  if (response.status() !== 201) throw new Error(`registration failed: ${response.status()}`);
  const { data } = (await response.json()) as {
    data: { access_token: string; user_id: string; user_email_verified: boolean };
  };
  return {
    token: data.access_token,
    userId: data.user_id,
    name,
    email,
    emailVerified: data.user_email_verified,
  };
}

/** Puts the session where the web app keeps it (spec keys), as a password login would. */
export async function signIn(page: Page, session: TestSession, path = '/profile') {
  await page.goto('/help');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user_id', s.userId);
    localStorage.setItem('user_name', s.name);
    localStorage.setItem('user_email', s.email);
    localStorage.setItem('user_picture', 'false');
    localStorage.setItem('user_email_verified', String(s.emailVerified));
  }, session);
  await page.goto(path);
}

/**
 * For tests that wait for the network to go quiet ('networkidle'): a signed-in page keeps its
 * live events stream open, so it never does. Refused, the bell falls back to asking every minute.
 */
export async function withoutLiveEvents(page: Page): Promise<void> {
  await page.route('**/api/v1/notification/stream', (route) => route.abort());
}

/** Signed API calls for seeding data the test is not about. */
export function apiAs(request: APIRequestContext, session: TestSession) {
  const headers = { authorization: `Bearer ${session.token}` };
  const read = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}`);
    return ((await response.json()) as { data: T }).data;
  };
  return {
    categoryId: async (name: string) => {
      const categories = await read<Array<{ id: string; name: string }>>(
        await request.get('/api/v1/category', { headers }),
      );
      return categories.find((c) => c.name === name)!.id;
    },
    createCollection: async (body: {
      category_id: string;
      name: string;
      description?: string;
      private?: boolean;
    }) => read<{ id: string }>(await request.post('/api/v1/collection', { headers, data: body })),
    createItem: async (body: {
      collection_id: string;
      name: string;
      description?: string;
      rating?: number | null;
    }) => read<{ id: string }>(await request.post('/api/v1/collection_items', { headers, data: body })),
  };
}

/**
 * Counts element nodes removed from #root from the document's start on: drawing the page again
 * over the prerendered markup removes it; adopting it removes nothing.
 */
export async function countRemovedNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { removed: 0 };
    (window as unknown as { __removed: typeof state }).__removed = state;
    new MutationObserver((records) => {
      for (const record of records) {
        if (!(record.target instanceof Element) || !record.target.closest('#root')) continue;
        for (const node of record.removedNodes) if (node instanceof Element) state.removed += 1;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export const removedNodes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __removed: { removed: number } }).__removed.removed);

/**
 * From now on, records every text the page's live regions take (what a screen reader reads out as
 * it changes), for `heard`: an announcement counts once said, even if the next replaces it
 * before a check looks.
 */
export async function listenToLiveRegions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const listening = window as unknown as { __heard?: string[] };
    if (listening.__heard) return;
    const said: string[] = (listening.__heard = []);
    new MutationObserver((records) => {
      for (const record of records) {
        const { target } = record;
        const region = (target instanceof Element ? target : target.parentElement)?.closest('[aria-live]');
        if (region?.textContent) said.push(region.textContent);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** What the live regions have said since `listenToLiveRegions`, in order. */
export const heard = (page: Page) =>
  page.evaluate(() => (window as unknown as { __heard: string[] }).__heard);

/**
 * Presses `key` on an item picked up with the keyboard until `announcement` is read out. dnd-kit's
 * keyboard sensor listens for the arrows a timer tick after the pick-up (KeyboardSensor#attach),
 * so on a busy machine a first press can come too early. Another press follows only when the
 * announcement has not come within 2 s of the last one (at the top or bottom of the list, it
 * changes nothing).
 */
export async function pressUntilAnnounced(page: Page, key: string, announcement: string): Promise<void> {
  await expect(async () => {
    await page.keyboard.press(key);
    await expect(page.getByText(announcement)).toBeAttached({ timeout: 2_000 });
  }).toPass();
}

/**
 * Waits for the page's running transitions and animations to end (endless ones aside): what the
 * person sees once things stop moving, where an element's colours or place are only halfway.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * What axe (WCAG 2.1 A and AA) finds on the page as the person sees it, one readable line each,
 * inside `include` if given. Transitions run to their end first (a button's colours after the focus
 * moved, a dialog's fade): axe measured a colour halfway and reported a contrast nobody sees.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await animationsDone(page);
  // Legacy mode runs axe in the page itself. The default opens a blank page for every check to
  // join results from frames of other origins (Google's button, reCAPTCHA), which no page checked
  // here shows: 480 ms a route against 290 ms (docs/performance.md, the gate).
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode();
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`,
    ),
  );
}

/**
 * Holds back the files (a chunk of the app) matching `pattern` until the returned function is
 * called, as on a network slower than the page's other parts: the test says when they arrive.
 */
export async function holdBack(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
