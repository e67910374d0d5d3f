import { expect, test, type Page } from '@playwright/test';
import { apiAs, signIn, signUp } from './support.ts';

/** The title of the card in the carousel's first visible position. */
const activeTitle = (page: Page) =>
  page
    .locator('#recommended-slides .carousel-slide.is-active article.collection-card')
    .getByRole('heading')
    .innerText();

async function profileWithCarousel(page: Page, request: Parameters<typeof signUp>[0]) {
  const rui = await signUp(request, 'Rui Tavares');
  // The strip shows 5 suggestions, never one's own and at most 2 from one category: someone else's
  // collections in five categories fill it. At 1280 px three fit, so it scrolls.
  const lia = await signUp(request, 'Lia Faixas');
  const as = apiAs(request, lia);
  for (const [i, category] of ['Filmes', 'Livros', 'Séries', 'Músicas', 'Jogos'].entries())
    await as.createCollection({
      category_id: await as.categoryId(category),
      name: `Faixa ${i + 1} ${rui.email}`,
    });
  await page.setViewportSize({ width: 1280, height: 900 });
  // The page's timers and frames run on Playwright's clock: time flows as usual, and a test moves
  // it on by the carousel's delays (`runFor`) instead of waiting for them.
  await page.clock.install();
  await signIn(page, rui, '/profile');
  await expect(page.locator('#recommended-slides .carousel-slide.is-active')).toBeVisible();
}

test('the recommendations carousel can be paused and resumed, and stops while focus is inside', async ({
  page,
  request,
}) => {
  await profileWithCarousel(page, request);

  const pause = page.getByRole('button', { name: 'Pausar a troca automática' });
  await pause.click();
  const resume = page.getByRole('button', { name: 'Retomar a troca automática' });
  await expect(resume).toBeVisible();
  const held = await activeTitle(page);
  await page.clock.runFor(4_000); // longer than the 3 s autoplay delay
  expect(await activeTitle(page)).toBe(held);

  await resume.click();
  await page.clock.runFor(4_000);
  await expect.poll(() => activeTitle(page)).not.toBe(held);

  // Keyboard focus on a card holds the rotation until it leaves.
  await page.locator('#recommended-slides .carousel-slide.is-active a').first().focus();
  await page.clock.runFor(600); // a slide already on its way (400 ms) may finish moving
  const focused = await activeTitle(page);
  await page.clock.runFor(4_000);
  expect(await activeTitle(page)).toBe(focused);
});

test('people who ask for reduced motion get a still carousel they can start', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await profileWithCarousel(page, request);
  await expect(page.getByRole('button', { name: 'Retomar a troca automática' })).toBeVisible();
  const first = await activeTitle(page);
  await page.clock.runFor(4_000);
  expect(await activeTitle(page)).toBe(first);
});
