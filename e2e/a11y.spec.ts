import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { PAGE_PATTERNS } from '@acervo/contract/analytics';
import { apiAs, axeViolations, signIn, signUp, type TestSession } from './support.ts';

/**
 * A catalogue key shown instead of its text (`collections.view.edit`): what a reader sees when a
 * component shows a text whose Portuguese namespace has not been loaded (most load with their
 * feature, not in the first chunk: apps/web/src/locales/types.ts). The namespaces are the English
 * catalogue's, which has them all, as its index imports them.
 */
const RAW_KEY = (() => {
  const index = readFileSync(new URL('../apps/web/src/locales/en/index.ts', import.meta.url), 'utf8');
  const namespaces = [...index.matchAll(/import \{([^}]+)\} from '\.\/[\w-]+'/g)].flatMap((m) =>
    m[1]!.split(',').map((name) => name.trim()),
  );
  return new RegExp(`\\b(?:${namespaces.join('|')})\\.[a-z][A-Za-z]*(?:\\.[A-Za-z]+)*\\b`);
})();

/**
 * Issue 12: axe (WCAG 2.1 A and AA) finds nothing on any route of the web app, signed out and
 * signed in, in Portuguese and in English, with real data on the pages; the main modals trap
 * focus and give it back to the control that opened them. The routes are the contract's page
 * patterns, which router.test.tsx holds equal to router.tsx's (a `:token` is a secret, `*`), so a
 * new route without a visit here fails this file.
 */

interface Data {
  me: TestSession;
  other: TestSession;
  collectionId: string;
  itemId: string;
  otherCollectionId: string;
  inviteToken: string;
}

/** How to reach each declared route: the address, and whether to be signed in. */
const VISITS: Record<string, { url: (d: Data) => string; signedIn: boolean; ready?: string }> = {
  '/': { url: () => '/', signedIn: false },
  '/register': { url: () => '/register', signedIn: false },
  '/login': { url: () => '/login', signedIn: false },
  '/recover': { url: () => '/recover', signedIn: false },
  '/reset/*': { url: () => '/reset/um-token-qualquer', signedIn: false },
  '/verify-email/*': { url: () => '/verify-email/um-token-qualquer', signedIn: false },
  '/help': { url: () => '/help', signedIn: false },
  '/contact': { url: () => '/contact', signedIn: false },
  '/privacy-policy': { url: () => '/privacy-policy', signedIn: false },
  '/terms-use': { url: () => '/terms-use', signedIn: false },
  '/lists/:id': { url: (d) => `/lists/${d.collectionId}`, signedIn: true },
  '/c/:id': { url: (d) => `/c/${d.otherCollectionId}`, signedIn: false },
  '/invite/*': { url: (d) => `/invite/${d.inviteToken}`, signedIn: true },
  '/appeal/*': { url: () => '/appeal/um-token-qualquer', signedIn: false },
  '/digest/unsubscribe/*': { url: () => '/digest/unsubscribe/um-token-qualquer', signedIn: false },
  // A link that is gone; a shared match itself is checked by axe in taste.spec.ts.
  '/taste/:id': { url: () => '/taste/um-link-qualquer', signedIn: false },
  // A link that is gone; a shared year itself is checked by axe in recap.spec.ts.
  '/recap/:id': { url: () => '/recap/um-link-qualquer', signedIn: false },
  // Not an operator: the page says it is for the moderation team.
  '/admin': { url: () => '/admin', signedIn: true },
  '/onboarding': { url: () => '/onboarding', signedIn: true },
  '/profile': { url: () => '/profile', signedIn: true },
  '/profile/update': { url: () => '/profile/update', signedIn: true },
  '/profile/:userId': { url: (d) => `/profile/${d.other.userId}`, signedIn: true },
  '/profile/:userId/followers': { url: (d) => `/profile/${d.me.userId}/followers`, signedIn: true },
  '/profile/:userId/following': { url: (d) => `/profile/${d.me.userId}/following`, signedIn: true },
  // Someone else's, with ratings: the charts and their text alternatives.
  '/profile/:userId/stats': { url: (d) => `/profile/${d.other.userId}/stats`, signedIn: true },
  // One's own year, with ratings: the figures and the share switch.
  '/profile/:userId/recap/:year': {
    url: (d) => `/profile/${d.me.userId}/recap/${new Date().getFullYear()}`,
    signedIn: true,
  },
  '/feed': { url: () => '/feed', signedIn: true },
  '/search': { url: () => '/search?q=Romances', signedIn: true },
  '/lists/create': { url: () => '/lists/create', signedIn: true },
  '/lists/edit/:id': { url: (d) => `/lists/edit/${d.collectionId}`, signedIn: true },
  '/lists/:id/items/create': { url: (d) => `/lists/${d.collectionId}/items/create`, signedIn: true },
  '/lists/:id/items/edit/:item': {
    url: (d) => `/lists/${d.collectionId}/items/edit/${d.itemId}`,
    signedIn: true,
  },
  '/lists/:id/items/:item': { url: (d) => `/lists/${d.collectionId}/items/${d.itemId}`, signedIn: true },
  '/account': { url: () => '/account', signedIn: true },
  '/account/profile': { url: () => '/account/profile', signedIn: true },
  '/account/security': { url: () => '/account/security', signedIn: true },
  '/account/import': { url: () => '/account/import', signedIn: true },
  '/*': { url: () => '/esta-pagina-nao-existe', signedIn: false },
};

async function seed(request: APIRequestContext): Promise<Data> {
  const me = await signUp(request, 'Clara Acessível');
  const other = await signUp(request, 'Davi Contraste');
  const mine = apiAs(request, me);
  const theirs = apiAs(request, other);
  const categoryId = await mine.categoryId('Livros');
  const collection = await mine.createCollection({
    category_id: categoryId,
    name: 'Romances para ler de novo',
    description: 'Os que eu releio todo ano.',
  });
  const item = await mine.createItem({ collection_id: collection.id, name: 'Dom Casmurro', rating: 4.5 });
  await mine.createItem({ collection_id: collection.id, name: 'Vidas secas', description: 'Graciliano.' });
  const otherCollection = await theirs.createCollection({
    category_id: categoryId,
    name: 'Romances do Davi',
  });
  await theirs.createItem({ collection_id: otherCollection.id, name: 'Iracema', rating: 3 });
  for (const [who, whom] of [
    [me, other],
    [other, me],
  ] as const) {
    const res = await request.put(`/api/v1/user/${whom.userId}/follow`, {
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(res.ok()).toBe(true);
  }
  const invite = await request.post(`/api/v1/collection/${otherCollection.id}/invite_link`, {
    headers: { authorization: `Bearer ${other.token}` },
    data: { role: 'viewer' },
  });
  expect(invite.ok()).toBe(true);
  const { token } = ((await invite.json()) as { data: { token: string } }).data;
  return {
    me,
    other,
    collectionId: collection.id,
    itemId: item.id,
    otherCollectionId: otherCollection.id,
    inviteToken: token,
  };
}

/**
 * Waits until the page shows its data: no spinner or skeleton left, and the main landmark has
 * content. (Not 'networkidle': signed-in pages keep asking for notifications, and it cost seconds
 * a page.)
 */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.locator('.spinner-border, .placeholder-glow')).toHaveCount(0);
  await expect(page.locator('main')).not.toBeEmpty();
}

async function contextIn(browser: Browser, language: 'pt' | 'en', session?: TestSession) {
  const context = await browser.newContext({ locale: language === 'pt' ? 'pt-BR' : 'en-US' });
  const page = await context.newPage();
  await page.goto('/help');
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  if (session) await signIn(page, session, '/help');
  return page;
}

test('every route of router.tsx has an axe visit', () => {
  // Every page, and the 404 page of any other address.
  expect(Object.keys(VISITS).sort()).toEqual(['/*', ...PAGE_PATTERNS].sort());
});

test.describe('axe finds nothing', () => {
  test.describe.configure({ mode: 'parallel' });
  let data: Data;
  test.beforeAll(async ({ request }) => {
    data = await seed(request);
  });

  // Four tests (language × signed in or not), so the two workers share them.
  for (const language of ['pt', 'en'] as const) {
    for (const signedIn of [false, true]) {
      test(`on every ${signedIn ? 'signed-in' : 'public'} route, in ${language}`, async ({ browser }) => {
        test.setTimeout(300_000);
        const page = await contextIn(browser, language, signedIn ? data.me : undefined);
        const found: Record<string, string[]> = {};
        const check = async (route: string, url: string) => {
          await page.goto(url);
          await settled(page);
          expect(await page.locator('html').getAttribute('lang')).toBe(language === 'pt' ? 'pt-BR' : 'en');
          const list = await axeViolations(page);
          const rawKey = (await page.locator('body').innerText()).match(RAW_KEY)?.[0];
          if (rawKey) list.push(`shows the key ${rawKey} instead of its text`);
          if (list.length) found[route] = list;
        };
        for (const [route, visit] of Object.entries(VISITS)) {
          if (visit.signedIn === signedIn) await check(route, visit.url(data));
        }
        // What a visitor sees of a private or missing collection: the prompt to sign in.
        if (!signedIn) await check('/lists/:id (signed out, not found)', '/lists/naoexiste0000000');
        expect(found).toEqual({});
        await page.context().close();
      });
    }
  }
});

test.describe('modals', () => {
  test.describe.configure({ mode: 'parallel' });
  let me: TestSession;
  test.beforeAll(async ({ request }) => {
    me = await signUp(request, 'Elisa Foco');
    const api = apiAs(request, me);
    await api.createCollection({ category_id: await api.categoryId('Filmes'), name: 'Filmes da Elisa' });
  });

  for (const language of ['pt', 'en'] as const) {
    test(`add item and notifications trap focus, return it and pass axe, in ${language}`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const page = await contextIn(browser, language, me);
      await page.goto('/feed');
      await settled(page);
      const openers = {
        addItem: page.getByRole('button', { name: language === 'pt' ? 'Adicionar item' : 'Add item' }),
        notifications: page.getByRole('button', {
          name: language === 'pt' ? /^Notificações/ : /^Notifications/,
        }),
      };
      for (const [name, opener] of Object.entries(openers)) {
        await opener.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(page.locator('.modal-backdrop')).toHaveCount(1);
        // Focus moved into the dialog and stays there, forwards and backwards.
        await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
        for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
          await page.keyboard.press(key);
          expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${name}: ${key}`).toBe(
            true,
          );
        }
        await settled(page);
        expect(await axeViolations(page, '.modal'), name).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(opener, `${name}: focus returns to its opener`).toBeFocused();
      }
      await page.context().close();
    });
  }
});
