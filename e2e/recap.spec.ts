import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, axeViolations, signIn, signUp } from './support.ts';

/**
 * Issue 28, "Seu ano no Acervo": a person rates films and books, opens their year, shares it and
 * copies the link; a visitor opens it signed out (its page and its preview tags); the owner takes
 * it down and the link says it is gone. Screenshots at 390 and 1280 px, in pt and en.
 */

const SHOTS = '/tmp/recap-shots';
const YEAR = new Date().getFullYear();

async function shoot(page: Page, name: string, ready: RegExp) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    // The page from its top, as it opens (a reload keeps where the page was scrolled).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('a person reads and shares their year; a visitor opens the link; taken down, it is gone', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ana = await signUp(request, 'Ana Retrospectiva');
  const as = apiAs(request, ana);
  const films = await as.createCollection({
    category_id: await as.categoryId('Filmes'),
    name: 'Filmes do ano',
  });
  for (const [name, rating] of [
    ['Bacurau', 5],
    ['Aquarius', 4.5],
    ['Marte Um', 4],
  ] as const)
    await as.createItem({ collection_id: films.id, name, rating });
  const books = await as.createCollection({
    category_id: await as.categoryId('Livros'),
    name: 'Livros do ano',
  });
  await as.createItem({ collection_id: books.id, name: 'Torto Arado', rating: 3.5 });

  const context = await browser.newContext({
    locale: 'pt-BR',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await context.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  const page = await context.newPage();
  await signIn(page, ana, `/profile/${ana.userId}/recap/${YEAR}`);
  await expect(page.getByRole('heading', { level: 1, name: `Seu ano no Acervo ${YEAR}` })).toBeVisible();
  await expect(page.getByText('itens avaliados', { exact: true })).toBeVisible();
  const top = page.getByRole('region', { name: 'Os mais bem avaliados' });
  await expect(top.getByRole('listitem')).toHaveCount(4);
  await expect(top.getByRole('link', { name: 'Bacurau' })).toHaveAttribute(
    'href',
    new RegExp(`^/lists/${films.id}/items/`),
  );
  const categories = page.getByRole('region', { name: 'Categorias' });
  await expect(categories.getByRole('listitem')).toHaveText(['Filmes: 3 itens', 'Livros: 1 item']);
  const month = new Intl.DateTimeFormat('pt-BR', { month: 'long' }).format(new Date());
  await expect(page.getByText(`${month}: 4 itens adicionados ou avaliados`)).toBeVisible();

  // Shared: the link to copy, and the picture for stories.
  await page.getByRole('switch', { name: 'Compartilhar com um link público' }).check();
  const link = page.getByRole('textbox', { name: 'Link público' });
  await expect(link).toHaveValue(/\/recap\/[A-Za-z0-9_-]+$/);
  const url = await link.inputValue();
  await page.getByRole('button', { name: 'Copiar link' }).click();
  await expect(page.getByText('Link copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const path = new URL(url).pathname;
  const story = page.getByRole('link', { name: 'Baixar imagem para stories' });
  await expect(story).toHaveAttribute('href', `${path}/story.png`);
  expect((await request.get(`${path}/story.png`)).headers()['content-type']).toBe('image/png');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'owner-pt', /Seu ano no Acervo/);

  // A visitor, signed out in a fresh browser: the preview tags first, then the page.
  const html = await (await request.get(path)).text();
  expect(html).toContain(`<meta property="og:image" content="`);
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${path}/card.png" />`));
  expect(html).toContain(
    `<meta property="og:title" content="Seu ano no Acervo ${YEAR}: Ana Retrospectiva · Acervo" />`,
  );
  const visitorContext = await browser.newContext({ locale: 'pt-BR' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(path);
  await expect(
    visitor.getByRole('heading', { level: 1, name: `O ano de Ana Retrospectiva no Acervo ${YEAR}` }),
  ).toBeVisible();
  await expect(visitor.getByText('Bacurau')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Bacurau' })).toHaveCount(0);
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`${path}/card.png$`),
  );
  expect(await axeViolations(visitor)).toEqual([]);
  await shoot(visitor, 'shared-pt', /O ano de/);

  // In English.
  for (const p of [page, visitor]) await p.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Your year on Acervo ${YEAR}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the picture for stories' })).toBeVisible();
  await shoot(page, 'owner-en', /Your year on Acervo/);
  await visitor.reload();
  await expect(
    visitor.getByRole('heading', { level: 1, name: `Ana Retrospectiva's year on Acervo ${YEAR}` }),
  ).toBeVisible();
  expect(await axeViolations(visitor)).toEqual([]);
  await shoot(visitor, 'shared-en', /year on Acervo/);

  // The owner takes it down: the link says it is gone.
  await page.getByRole('switch', { name: 'Share with a public link' }).uncheck();
  await expect(page.getByRole('textbox', { name: 'Public link' })).toHaveCount(0);
  await visitor.evaluate(() => localStorage.setItem('language', 'pt'));
  await visitor.reload();
  await expect(visitor.getByRole('alert')).toHaveText('Este link não está mais disponível.');
  await context.close();
  await visitorContext.close();
});
