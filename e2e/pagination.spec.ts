import { expect, test } from '@playwright/test';
import { apiAs, signIn, signUp } from './support.ts';

// 'Museus' is this journey's own category: no other test creates collections in it, so the feed's
// pages hold exactly the ones made here (the database is shared by the whole run).
const CATEGORY = 'Museus';
// Three pages of the feed (20 a page) and two of the profile's listing (50 a page).
const TOTAL = 51;

test('the feed loads a category page by page; the profile shows every collection and clear arrows', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const gil = await signUp(request, 'Gil Prado');
  const tag = gil.email.slice(4, 12);
  const as = apiAs(request, gil);
  const museums = await as.categoryId(CATEGORY);
  const names = Array.from({ length: TOTAL }, (_, i) => `Acervo ${String(i + 1).padStart(2, '0')} ${tag}`);
  for (const name of names) await as.createCollection({ category_id: museums, name });
  // Someone else's collections for the recommended strip (never one's own), in another category.
  const lia = apiAs(request, await signUp(request, 'Lia Prado'));
  const films = await lia.categoryId('Filmes');
  for (let i = 1; i <= 6; i++) await lia.createCollection({ category_id: films, name: `Filmes ${i} ${tag}` });

  // Hold the second page back until the busy state has been seen.
  let releaseSecondPage: () => void = () => {};
  const secondPageHeld = new Promise<void>((resolve) => (releaseSecondPage = resolve));
  let held = false;
  await page.route('**/api/v1/collection/by_category/**', async (route) => {
    if (!held && route.request().url().includes('cursor=')) {
      held = true;
      await secondPageHeld;
    }
    await route.continue();
  });

  await signIn(page, gil, '/feed');
  await page.getByRole('button', { name: CATEGORY }).click();
  await expect(page.getByRole('heading', { name: `Coleções de ${CATEGORY}` })).toBeVisible();
  const cards = page.locator('article.collection-card');
  await expect(cards).toHaveCount(20);
  // Newest first: the first page holds the last 20 made.
  await expect(cards.first().getByRole('heading')).toHaveText(names[TOTAL - 1]!);

  const loadMore = page.getByRole('button', { name: 'Carregar mais' });
  await loadMore.click();
  const busy = page.getByRole('button', { name: 'Carregando...' });
  await expect(busy).toBeDisabled();
  releaseSecondPage();
  await expect(cards).toHaveCount(40);
  // The keyboard carries on at the first new card, not at the top of the page.
  await expect(page.getByRole('link', { name: names[TOTAL - 21]!, exact: true })).toBeFocused();

  await loadMore.click();
  await expect(cards).toHaveCount(TOTAL);
  await expect(cards.last().getByRole('heading')).toHaveText(names[0]!);
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: names[TOTAL - 41]!, exact: true })).toBeFocused();

  // The profile follows every cursor: the tab counts them all and lists the oldest too.
  await page.goto('/profile');
  const mine = page.getByRole('region', { name: 'Coleções', exact: true });
  await expect(mine.getByRole('tab', { name: `${CATEGORY} (${TOTAL})` })).toBeVisible();
  await expect(mine.locator('article.collection-card')).toHaveCount(TOTAL);
  await expect(mine.getByRole('link', { name: names[0]!, exact: true })).toBeVisible();

  // The recommended strip's arrows sit in its header, clear of the cards, at desktop widths.
  const strip = page.getByRole('region', { name: 'Coleções recomendadas' });
  // Measured in one frame: the page may still be scrolling (the focus kept in the list above).
  const parts = [
    strip.locator('#recommended-slides'),
    strip.getByRole('button', { name: 'Coleção anterior' }),
    strip.getByRole('button', { name: 'Próxima coleção' }),
  ];
  for (const width of [1280, 1024, 768]) {
    await page.setViewportSize({ width, height: 900 });
    const handles = await Promise.all(parts.map((part) => part.elementHandle()));
    const [slides, previous, next] = await page.evaluate(
      (elements) => elements.map((element) => element!.getBoundingClientRect().toJSON() as DOMRect),
      handles,
    );
    expect(previous!.bottom, `Coleção anterior at ${width} px`).toBeLessThanOrEqual(slides!.top);
    expect(next!.bottom, `Próxima coleção at ${width} px`).toBeLessThanOrEqual(slides!.top);
  }
  const next = strip.getByRole('button', { name: 'Próxima coleção' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(next).toBeFocused();
});
