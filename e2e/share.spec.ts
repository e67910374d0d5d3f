import { expect, test, type Page } from '@playwright/test';
import { PHONE, layoutShift, recordLayoutShifts } from './layout-shift.ts';
import { apiAs, signIn, signUp } from './support.ts';

/**
 * Issue 12: a public collection shared as a link, or one of its items, opens for someone without an
 * account, and its page carries the preview tags messaging apps read (rendered by the server, before any script);
 * a private one says nothing about itself, to crawlers or to people.
 */

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

test('a shared public collection shows its preview and opens without an account; a private one does not leak', async ({
  browser,
  request,
  baseURL,
}) => {
  const owner = await signUp(request, 'Marina Prado');
  const api = apiAs(request, owner);
  const categoryId = await api.categoryId('Livros');
  const pub = await api.createCollection({
    category_id: categoryId,
    name: 'Romances <brasileiros>',
    description: 'Os que eu daria de presente.',
  });
  const pubItems = [];
  for (const name of ['Dom Casmurro', 'Vidas secas', 'Grande sertão: veredas', 'Iracema']) {
    pubItems.push(await api.createItem({ collection_id: pub.id, name }));
  }
  const priv = await api.createCollection({
    category_id: categoryId,
    name: 'Cartas guardadas',
    private: true,
  });
  const privItem = await api.createItem({ collection_id: priv.id, name: 'Carta de 1998' });

  // The HTML as a link preview fetches it: no script runs.
  const html = await (await request.get(`/c/${pub.id}`)).text();
  expect(html).toContain('<title>Romances &lt;brasileiros&gt; · Acervo</title>');
  expect(html).not.toContain('<brasileiros>');

  const visitor = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  // Desktop Chromium on Linux has no share sheet; make sure of it, so the copy path is the one run.
  await visitor.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  const page = await visitor.newPage();
  await page.goto(`/c/${pub.id}`);
  expect(await meta(page, 'og:title')).toBe('Romances <brasileiros> · Acervo');
  expect(await meta(page, 'og:description')).toBe(
    'Coleção de Marina Prado no Acervo, 4 itens: Dom Casmurro, Vidas secas, Grande sertão: veredas… — Os que eu daria de presente.',
  );
  expect(await meta(page, 'og:url')).toBe(`${baseURL}/lists/${pub.id}`);
  expect(await meta(page, 'og:locale')).toBe('pt_BR');
  expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
  const image = await meta(page, 'og:image');
  expect((await request.get(image!)).headers()['content-type']).toBe('image/png');

  // Read-only, with a call to sign up, and the share button.
  await expect(page.getByRole('heading', { level: 1, name: 'Romances <brasileiros>' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dom Casmurro' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iracema' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Editar coleção' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Adicionar item' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Gostou desta coleção?' })).toBeVisible();
  await page.getByRole('button', { name: 'Compartilhar' }).click();
  await expect(page.getByText('Link copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/c/${pub.id}`);

  // The private one: the prompt to sign in, generic tags, nothing of its name or items.
  const hiddenHtml = await (await request.get(`/lists/${priv.id}`)).text();
  expect(hiddenHtml).not.toContain('Cartas guardadas');
  expect(hiddenHtml).not.toContain('Marina Prado');
  await page.goto(`/c/${priv.id}`);
  await expect(page.getByText('Para visualizar esta lista, entre com a sua conta.')).toBeVisible();
  expect(await meta(page, 'og:title')).toBe('Acervo');
  await expect(page.getByText('Cartas guardadas')).toHaveCount(0);
  await expect(page.getByText('Carta de 1998')).toHaveCount(0);

  // An item of the public collection opens from its link too, read-only, with its own preview.
  await page.goto(`/lists/${pub.id}/items/${pubItems[1]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vidas secas' })).toBeVisible();
  expect(await meta(page, 'og:title')).toBe('Vidas secas · Romances <brasileiros> · Acervo');
  await expect(page.getByRole('link', { name: 'Editar item' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Gostou desta coleção?' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para a coleção' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Romances <brasileiros>' })).toBeVisible();
  // An item of the private one: the prompt, and nothing of it.
  await page.goto(`/lists/${priv.id}/items/${privItem.id}`);
  await expect(page.getByText('Para visualizar esta lista, entre com a sua conta.')).toBeVisible();
  expect(await meta(page, 'og:title')).toBe('Acervo');
  await expect(page.getByText('Carta de 1998')).toHaveCount(0);

  // The page draws from the data in its HTML (decision 031): with its API answer held back, the
  // collection is on screen all the same; when the answer comes, the page shows it.
  const early = await visitor.newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await early.route(`**/api/v1/collection/${pub.id}`, async (route) => {
    await held;
    const response = await route.fetch();
    const { data } = (await response.json()) as { data: { name: string } };
    await route.fulfill({ response, json: { data: { ...data, name: 'Romances revistos' } } });
  });
  await early.goto(`/lists/${pub.id}`);
  await expect(early.getByRole('heading', { level: 1, name: 'Romances <brasileiros>' })).toBeVisible();
  await expect(early.getByRole('link', { name: 'Iracema' })).toBeVisible();
  release();
  await expect(early.getByRole('heading', { level: 1, name: 'Romances revistos' })).toBeVisible();
  await visitor.close();

  // Crawlers are told about the public one only.
  const sitemap = await (await request.get('/sitemaps/collections/1')).text();
  expect(sitemap).toContain(`/lists/${pub.id}`);
  expect(sitemap).not.toContain(priv.id);
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /api/');
});

/** Whether the page's heading is the element the server sent (marked before any script ran). */
const headingFromServer = (page: Page) =>
  page.evaluate(() => (document.querySelector('h1') as unknown as { fromServer?: boolean }).fromServer);

test('a shared collection is drawn by the server: it reads before any script, then the app adopts it (decision 037)', async ({
  browser,
  request,
  baseURL,
}) => {
  const owner = await signUp(request, 'Teresa Servidor');
  const api = apiAs(request, owner);
  const pub = await api.createCollection({
    category_id: await api.categoryId('Filmes'),
    name: 'Cinema novo',
    description: 'Glauber e companhia.',
  });
  for (const name of ['Deus e o Diabo na Terra do Sol', 'Vidas Secas', 'Terra em Transe']) {
    await api.createItem({ collection_id: pub.id, name });
  }

  // No script gets through: the page is its HTML.
  const blocked = await browser.newContext({ viewport: PHONE });
  const bare = await blocked.newPage();
  await bare.route('**/assets/*.js', (route) => route.abort());
  await bare.goto(`/lists/${pub.id}`);
  await expect(bare.getByRole('heading', { level: 1, name: 'Cinema novo' })).toBeVisible();
  await expect(bare.getByText('Glauber e companhia.')).toBeVisible();
  await expect(bare.getByRole('link', { name: 'Terra em Transe' })).toBeVisible();
  await expect(bare.getByRole('heading', { name: 'Gostou desta coleção?' })).toBeVisible();
  await blocked.close();

  // With its scripts, the app takes over the same elements: drawn once, nothing moves, it works.
  const visitor = await browser.newContext({
    viewport: PHONE,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await visitor.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
    // The server's heading, marked before any script of the app runs.
    document.addEventListener('DOMContentLoaded', () => {
      (document.querySelector('h1') as unknown as { fromServer: boolean }).fromServer = true;
    });
  });
  const page = await visitor.newPage();
  await recordLayoutShifts(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/lists/${pub.id}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await headingFromServer(page)).toBe(true);
  await expect(page.getByRole('link', { name: 'Vidas Secas' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Compartilhar' }).click();
  await expect(page.getByText('Link copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/c/${pub.id}`);
  // The router's links: an item opens without loading a document.
  await page.getByRole('link', { name: 'Vidas Secas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vidas Secas' })).toBeVisible();
  expect(await headingFromServer(page)).toBeUndefined();
  expect(await layoutShift(page)).toBe(0);
  expect(errors).toEqual([]);
  await visitor.close();

  // Its owner, signed in, gets their own page in place of the visitor's.
  const signedIn = await browser.newContext({ viewport: PHONE });
  const own = await signedIn.newPage();
  await signIn(own, owner, `/lists/${pub.id}`);
  await expect(own.getByRole('link', { name: 'Editar coleção' })).toBeVisible();
  await expect(own.getByRole('link', { name: 'Adicionar item' })).toBeVisible();
  await expect(own.getByRole('heading', { level: 1, name: 'Cinema novo' })).toHaveCount(1);
  await expect(own.getByRole('heading', { name: 'Gostou desta coleção?' })).toHaveCount(0);
  await signedIn.close();
});
