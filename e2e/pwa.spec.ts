import { expect, request as playwrightRequest, test, type Browser } from '@playwright/test';
import { startOwnServer, type OwnServer } from './own-server.ts';
import { apiAs, signIn, signUp } from './support.ts';

/**
 * Issue 12: Acervo installs as an app (manifest, icons, service worker), and with the server gone
 * it shows the offline page, while a collection viewed before still reads. The rest of the suite
 * blocks service workers (playwright.config.ts), so these tests allow them.
 */
test.use({ serviceWorkers: 'allow' });

/** The width and height a PNG file declares (its IHDR chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Lia with a private collection on `server`, and a browser context whose service worker runs. */
async function privateListAndBrowser(browser: Browser, server: OwnServer, name: string) {
  const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const lia = await signUp(api, 'Lia Campos');
  const as = apiAs(api, lia);
  const list = await as.createCollection({
    category_id: await as.categoryId('Livros'),
    name,
    description: 'Só meus.',
    private: true,
  });
  await api.dispose();
  const context = await browser.newContext({
    baseURL: server.baseURL,
    serviceWorkers: 'allow',
    locale: 'pt-BR',
  });
  return { lia, list, context };
}

test('the app is installable: a valid manifest, icons that load, an active service worker', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestResponse = await request.get(href!);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    lang: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Acervo',
    short_name: 'Acervo',
    lang: 'pt-BR',
    start_url: '/',
    display: 'standalone',
    theme_color: '#5b3cc4',
    background_color: '#ffffff',
  });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);

  // Installability asks for a 192 px and a 512 px icon; Android's adaptive shape for a maskable one.
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of pngs) {
    const response = await request.get(icon.src);
    expect(response.status()).toBe(200);
    const { width, height } = pngSize(await response.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
  for (const path of ['/favicon.ico', '/apple-touch-icon.png', '/icon.svg']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }

  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    // `ready` resolves once a worker is active, which includes still activating.
    const active = registration.active!;
    if (active.state !== 'activated') {
      await new Promise((resolve) =>
        active.addEventListener('statechange', () => active.state === 'activated' && resolve(null)),
      );
    }
    return {
      state: registration.active?.state,
      script: registration.active?.scriptURL,
      scope: registration.scope,
    };
  });
  expect(worker.state).toBe('activated');
  expect(new URL(worker.script!).pathname).toBe('/sw.js');
  expect(new URL(worker.scope).pathname).toBe('/');
});

test('with the server stopped: a collection viewed before still reads, other pages show the offline page, and signing out forgets it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await startOwnServer();
  try {
    const { lia, list, context } = await privateListAndBrowser(
      browser,
      server,
      'Livros para ler sem internet',
    );
    const page = await context.newPage();
    await signIn(page, lia, `/lists/${list.id}`);
    await expect(page.getByRole('heading', { name: 'Livros para ler sem internet' })).toBeVisible();
    // Once the worker controls the page, the collection's answer passes through it and is kept.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Livros para ler sem internet' })).toBeVisible();

    await server.stop();

    await page.goto(`/lists/${list.id}`);
    await expect(page.getByRole('heading', { name: 'Livros para ler sem internet' })).toBeVisible();

    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Você está sem conexão' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();

    // Signing out (here, offline) deletes the kept answers: the private collection no longer reads.
    await page.goto(`/lists/${list.id}`);
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('button', { name: 'Sair' }).click();
    // The sign-in page is already on the device: the app goes there without the network.
    await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
    await page.goto(`/lists/${list.id}`);
    await expect(page.getByRole('heading', { name: 'Você está sem conexão' })).toBeVisible();
    await context.close();
  } finally {
    await server.stop();
  }
});

test('a shared computer: once the tab of a session without "Lembrar" closes, the next person cannot read its private collections offline (issue 23)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await startOwnServer();
  try {
    const { lia, list, context } = await privateListAndBrowser(browser, server, 'Diário secreto da Lia');
    const page = await context.newPage();
    // Signed in without "Lembrar": the session lives in this tab's sessionStorage only.
    await page.goto('/help');
    await page.evaluate((s) => {
      sessionStorage.setItem('token', s.token);
      sessionStorage.setItem('user_id', s.userId);
      sessionStorage.setItem('user_name', s.name);
      sessionStorage.setItem('user_email', s.email);
      sessionStorage.setItem('user_picture', 'false');
    }, lia);
    await page.goto(`/lists/${list.id}`);
    await expect(page.getByRole('heading', { name: 'Diário secreto da Lia' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Diário secreto da Lia' })).toBeVisible();
    // Lia closes the tab without signing out; the server (or the network) goes away.
    await page.close();
    await server.stop();

    const next = await context.newPage();
    await next.goto(`/lists/${list.id}`);
    // The app's files open (they hold nothing of Lia's), and the collection does not.
    await expect(next.getByText('Erro ao buscar detalhes da coleção:')).toBeVisible();
    await expect(next.locator('body')).not.toContainText('Diário secreto da Lia');
    await context.close();
  } finally {
    await server.stop();
  }
});
