import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, axeViolations, signIn, signUp } from './support.ts';

/**
 * Issue 28, "Estatísticas": a person rates films and books (one collection of books private); on
 * their own stats they read every rating in the charts' text alternatives; another signed-in
 * person reads the same page without the private collection's ratings. Screenshots at 390 and
 * 1280 px, in Portuguese and English, go to /tmp/stats-shots/ to be looked at.
 */

const SHOTS = '/tmp/stats-shots';

const texts = (page: Page, testId: string) =>
  page.getByTestId(testId).getByRole('listitem').allTextContents();

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Opened at that width, as a phone would: the heat-map's box starts on the latest weeks.
    await page.reload();
    await expect(page.getByRole('img', { name: /Mapa de calor|Heat map/ })).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('a person reads their taste in charts; another person sees only the public figures', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const ana = await signUp(request, 'Ana Números');
  const bruno = await signUp(request, 'Bruno Leitor');
  const as = apiAs(request, ana);
  const films = await as.createCollection({
    category_id: await as.categoryId('Filmes'),
    name: 'Filmes vistos',
  });
  const books = await as.createCollection({
    category_id: await as.categoryId('Livros'),
    name: 'Livros lidos',
  });
  const secret = await as.createCollection({
    category_id: await as.categoryId('Livros'),
    name: 'Livros que ninguém precisa saber',
    private: true,
  });
  for (const [collection, name, rating] of [
    [films, 'Bacurau', 5],
    [films, 'Aquarius', 4],
    [films, 'Central do Brasil', 4],
    [books, 'Dom Casmurro', 4.5],
    [books, 'Vidas secas', 3],
    [secret, 'Um livro ruim', 0.5],
    [secret, 'Outro livro ruim', 0.5],
  ] as const)
    await as.createItem({ collection_id: collection.id, name, rating });

  // Ana, her own: everything, the private collection included.
  await signIn(page, ana, '/profile');
  await page.getByRole('link', { name: 'Estatísticas' }).click();
  await expect(page).toHaveURL(`/profile/${ana.userId}/stats`);
  await expect(page.getByTestId('stats-summary')).toHaveText('7 itens avaliados, média 3,07');
  await expect(page.getByRole('img', { name: /quantos itens receberam cada nota/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Mapa de calor/ })).toBeVisible();
  expect(await texts(page, 'histogram-text')).toEqual([
    '2 itens avaliados com 0,5 estrelas',
    '1 item avaliado com 3 estrelas',
    '2 itens avaliados com 4 estrelas',
    '1 item avaliado com 4,5 estrelas',
    '1 item avaliado com 5 estrelas',
  ]);
  expect(await texts(page, 'categories-text')).toEqual([
    expect.stringMatching(/^Livros: 4 itens avaliados, média 2,1\d?$/),
    'Filmes: 3 itens avaliados, média 4,33',
  ]);
  await expect(page.getByTestId('activity-text')).toHaveText(
    /^7 itens adicionados ou avaliados em 1 dia\. Dia mais ativo: \d\d\/\d\d\/\d{4}, com 7 itens\.$/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'own-pt');

  // Bruno: Ana's public collections only; the private books are not counted anywhere.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, bruno, `/profile/${ana.userId}`);
  await other.getByRole('link', { name: 'Estatísticas' }).click();
  await expect(other).toHaveURL(`/profile/${ana.userId}/stats`);
  await expect(other.getByTestId('stats-summary')).toHaveText(
    '5 itens avaliados, média 4,1 · Contando só as coleções públicas.',
  );
  expect(await texts(other, 'histogram-text')).toEqual([
    '1 item avaliado com 3 estrelas',
    '2 itens avaliados com 4 estrelas',
    '1 item avaliado com 4,5 estrelas',
    '1 item avaliado com 5 estrelas',
  ]);
  expect(await texts(other, 'categories-text')).toEqual([
    'Filmes: 3 itens avaliados, média 4,33',
    'Livros: 2 itens avaliados, média 3,75',
  ]);
  await expect(other.getByTestId('activity-text')).toHaveText(/^5 itens adicionados ou avaliados em 1 dia\./);
  expect(await axeViolations(other)).toEqual([]);
  await shoot(other, 'other-pt');

  // In English.
  await other.evaluate(() => localStorage.setItem('language', 'en'));
  await other.reload();
  await expect(other.getByTestId('stats-summary')).toHaveText(
    '5 items rated, average 4.1 · Counting public collections only.',
  );
  expect(await texts(other, 'histogram-text')).toContain('2 items rated 4 stars');
  expect(await axeViolations(other)).toEqual([]);
  await shoot(other, 'other-en');
  await context.close();
});

test('one with nothing rated is asked to rate a few items', async ({ page, request }) => {
  const carla = await signUp(request, 'Carla Começo');
  await signIn(page, carla, `/profile/${carla.userId}/stats`);
  await expect(page.getByText('Avalie alguns itens para ver seu gosto aqui')).toBeVisible();
  await page.getByRole('link', { name: 'Ir para minhas coleções' }).click();
  await expect(page).toHaveURL('/profile');
});
