import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiAs, signIn, signUp } from './support.ts';

/**
 * Issue 15: a picture added from the header's modal shows on the item's card, on its page and as
 * the cover of its collection's card in the feed, on a phone and on a desktop screen.
 */
const CATEGORY = 'Jogos';

/** A picture has loaded when the browser decoded it (a broken or refused file has no width). */
async function expectLoaded(page: Page, selector: string) {
  const img = page.locator(selector).first();
  // The card may be drawn again while this runs (its actions arrive after it): scroll to the new one.
  await expect(() => img.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
  // Explicitly sized: the space is reserved before the file arrives.
  await expect(img).toHaveAttribute('width', /^\d+$/);
  await expect(img).toHaveAttribute('height', /^\d+$/);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });
    test('a picture from the add-item modal shows on the card, the item page and the feed', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const ana = await signUp(request, 'Ana Imagens');
      const as = apiAs(request, ana);
      const name = `Jogos de ${viewport.width} px ${Date.now()}`;
      const list = await as.createCollection({ category_id: await as.categoryId(CATEGORY), name });
      const png = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#3a6' } })
        .png()
        .toBuffer();

      await signIn(page, ana, '/profile');
      const add = page.locator('nav.site-header').getByRole('button', { name: 'Adicionar item' });
      const toggler = page.locator('nav.site-header .navbar-toggler');
      // Below Bootstrap's lg breakpoint the header's controls are in the collapsed menu.
      if (viewport.width < 992) await toggler.click();
      await add.click();
      const modal = page.getByRole('dialog', { name: 'Adicionar item' });
      await modal.getByLabel('Coleção').selectOption({ label: `${name} (${CATEGORY})` });
      await modal.getByLabel('Nome do item').fill('Outer Wilds');
      await modal
        .getByLabel(/^Imagem/)
        .setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: png });
      await modal.getByLabel('Pôster (2:3)').check();
      await modal.getByRole('button', { name: 'Adicionar' }).click();
      await expect(modal).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/lists/${list.id}$`));

      await expectLoaded(page, '.item-card img');
      await page.getByRole('link', { name: 'Outer Wilds', exact: true }).click();
      await expectLoaded(page, '.item-picture img');
      await expect(page.locator('.item-picture img')).toHaveAttribute('alt', 'Imagem de Outer Wilds');

      await page.goto('/feed');
      await page.getByRole('button', { name: CATEGORY }).click();
      const card = page.locator('article.collection-card').filter({ hasText: name });
      await expect(card.getByTestId('cover')).toBeVisible();
      await expectLoaded(page, `article.collection-card:has-text("${name}") [data-testid="cover"] img`);

      // The owner makes the item's picture the cover; the banner shows it.
      await page.goto(`/lists/edit/${list.id}`);
      await page.getByRole('button', { name: 'Usar a imagem de Outer Wilds como capa' }).click();
      await expect(page.getByRole('button', { name: 'Remover capa' })).toBeVisible();
      await page.goto(`/lists/${list.id}`);
      await expectLoaded(page, '.collection-banner [data-testid="cover"] img');
    });
  });
}
