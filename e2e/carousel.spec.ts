import { expect, test, type Page } from '@playwright/test';
import { apiAs, signIn, signUp } from './support.ts';

/** The title of the card in the carousel's first visible position. */
const activeTitle = (page: Page) =>
  page
    .locator('#recommended-slides .swiper-slide-active article.collection-card')
    .getByRole('heading')
    .innerText();

async function profileWithCarousel(page: Page, request: Parameters<typeof signUp>[0]) {
  const rui = await signUp(request, 'Rui Tavares');
  const as = apiAs(request, rui);
  const films = await as.categoryId('Filmes');
  // The strip shows the 5 most followed public collections; at 1280 px three fit, so it scrolls.
  for (let i = 1; i <= 5; i++)
    await as.createCollection({ category_id: films, name: `Faixa ${i} ${rui.email}` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, rui, '/profile');
  await expect(page.locator('#recommended-slides .swiper-slide-active')).toBeVisible();
}

test('the recommendations carousel can be paused and resumed, and stops while focus is inside', async ({
  page,
  request,
}) => {
  test.setTimeout(45_000);
  await profileWithCarousel(page, request);

  const pause = page.getByRole('button', { name: 'Pausar a troca automática' });
  await pause.click();
  const resume = page.getByRole('button', { name: 'Retomar a troca automática' });
  await expect(resume).toBeVisible();
  const held = await activeTitle(page);
  await page.waitForTimeout(4_000); // longer than the 3 s autoplay delay
  expect(await activeTitle(page)).toBe(held);

  await resume.click();
  await expect.poll(() => activeTitle(page), { timeout: 6_000 }).not.toBe(held);

  // Keyboard focus on a card holds the rotation until it leaves.
  await page.locator('#recommended-slides .swiper-slide-active a').first().focus();
  await page.waitForTimeout(600); // a slide already on its way (400 ms) may finish moving
  const focused = await activeTitle(page);
  await page.waitForTimeout(4_000);
  expect(await activeTitle(page)).toBe(focused);
});

test('people who ask for reduced motion get a still carousel they can start', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await profileWithCarousel(page, request);
  await expect(page.getByRole('button', { name: 'Retomar a troca automática' })).toBeVisible();
  const first = await activeTitle(page);
  await page.waitForTimeout(4_000);
  expect(await activeTitle(page)).toBe(first);
});
