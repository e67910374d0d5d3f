import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { apiAs, axeViolations, signIn, signUp, type TestSession } from './support.ts';

/**
 * Issue 26, "Taste in common": two people rate the same five films through the API; one opens
 * the other's profile and reads the match, where they agree and their biggest disagreement; then
 * shares it, and a visitor opens the link: its page, its preview tags and its picture.
 */

async function rateFilms(request: APIRequestContext, who: TestSession, ratings: [string, number][]) {
  const as = apiAs(request, who);
  const collection = await as.createCollection({
    category_id: await as.categoryId('Filmes'),
    name: `Filmes de ${who.userId}`,
  });
  for (const [name, rating] of ratings) await as.createItem({ collection_id: collection.id, name, rating });
}

// Ana's mean is 3.5 and Bruno's 3: centred, their gaps are 0.5, 0, 0.5, 0, 0, a mean of 0.2 stars,
// so round(100 × (1 − 0.2 / 2)) = 90% (docs/recommendations.md).
const ANA_FILMS: [string, number][] = [
  ['Bacurau', 4.5],
  ['Aquarius', 4],
  ['Central do Brasil', 3],
  ['Cidade de Deus', 5],
  ['O Som ao Redor', 1],
];
const BRUNO_FILMS: [string, number][] = [
  ['Bacurau', 4.5],
  ['Aquarius', 3.5],
  ['Central do Brasil', 2],
  ['Cidade de Deus', 4.5],
  ['O Som ao Redor', 0.5],
];

test("B opens A's profile and reads how well their ratings match, and why", async ({ page, request }) => {
  test.setTimeout(60_000);
  const ana = await signUp(request, 'Ana Gosto');
  const bruno = await signUp(request, 'Bruno Gosto');
  await rateFilms(request, ana, ANA_FILMS);
  await rateFilms(request, bruno, BRUNO_FILMS);

  await signIn(page, bruno, `/profile/${ana.userId}`);
  const card = page.getByRole('region', { name: 'Gosto em comum' });
  await expect(card.getByText('Vocês combinam em 90%')).toBeVisible();
  await expect(card.getByText('5 itens avaliados por vocês dois')).toBeVisible();
  await expect(card.getByRole('listitem').first()).toHaveText('Vocês dois deram 4,5 a Bacurau');
  await expect(card.getByText('Você deu 4,5 e Ana Gosto deu 5 a Cidade de Deus')).toBeVisible();
  await expect(card.getByText('Central do Brasil: você deu 2, Ana Gosto deu 3')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // On a 390 px phone the card wraps rather than widen the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});

test('B shares the match; a visitor opens the link, with its own preview; B takes it down', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const ana = await signUp(request, 'Ana Partilha');
  const bruno = await signUp(request, 'Bruno Partilha');
  await rateFilms(request, ana, ANA_FILMS);
  await rateFilms(request, bruno, BRUNO_FILMS);

  await signIn(page, bruno, `/profile/${ana.userId}`);
  const card = page.getByRole('region', { name: 'Gosto em comum' });
  await card.getByRole('button', { name: 'Criar link público' }).click();
  const open = card.getByRole('link', { name: 'Ver a página do link' });
  await expect(open).toBeVisible();
  const path = (await open.getAttribute('href'))!;
  expect(path).toMatch(/^\/taste\/[A-Za-z0-9_-]+$/);

  // A visitor (no session) opens it: what messaging apps read first, then the page itself.
  const html = await (await request.get(path)).text();
  expect(html).toContain(
    '<meta property="og:title" content="Bruno Partilha e Ana Partilha combinam em 90% · Acervo" />',
  );
  const picture = await request.get(`${path}/card.png`);
  expect(picture.headers()['content-type']).toBe('image/png');
  const visitor = await visitorPage(browser);
  await visitor.goto(path);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Bruno Partilha e Ana Partilha combinam em 90%' }),
  ).toBeVisible();
  await expect(visitor.getByText('Os dois deram 4,5 a Bacurau')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Quero criar minha conta' })).toBeVisible();
  expect(await axeViolations(visitor)).toEqual([]);
  await visitor.setViewportSize({ width: 390, height: 844 });
  expect(
    await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  // Bruno takes it down: the link says it is gone.
  await card.getByRole('button', { name: 'Remover o link' }).click();
  await expect(card.getByRole('button', { name: 'Criar link público' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('alert')).toHaveText('Este link não está mais disponível.');
});

async function visitorPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'pt-BR' });
  return context.newPage();
}
