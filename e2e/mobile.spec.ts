import { expect, test } from '@playwright/test';
import { apiAs, signIn, signUp } from './support.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('on a phone: signed-in pages fit the screen, and a long press drags an item', async ({
  page,
  request,
}) => {
  const lara = await signUp(request, 'Lara Mendes');
  const as = apiAs(request, lara);
  const list = await as.createCollection({
    category_id: await as.categoryId('Restaurantes'),
    name: 'Onde comer bem em Salvador sem gastar muito dinheiro',
    description: 'Lugares simples, comida de verdade.',
  });
  for (const [name, rating] of [
    ['Acarajé da Cira', 5],
    ['Restaurante do SENAC no Pelourinho', 3.5],
    ['Mercado do Rio Vermelho', 4],
  ] as const)
    await as.createItem({ collection_id: list.id, name, description: 'Vale a visita.', rating });

  await signIn(page, lara, '/profile');
  for (const path of [
    '/profile',
    '/feed',
    `/lists/${list.id}`,
    '/lists/create',
    `/lists/edit/${list.id}`,
    `/lists/${list.id}/items/create`,
    '/account/profile',
    '/account/security',
  ]) {
    await page.goto(path);
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByText('Carregando...')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }

  // Touch: press and hold the handle, then move the finger down past the next item. The hold is
  // timed on Playwright's clock (time flows as usual; `runFor` moves it past the press delay).
  await page.clock.install();
  await page.goto(`/lists/${list.id}`);
  const titles = page.locator('.item-list h3');
  await expect(titles).toHaveText([
    'Acarajé da Cira',
    'Restaurante do SENAC no Pelourinho',
    'Mercado do Rio Vermelho',
  ]);
  const from = (await page.getByRole('button', { name: 'Reordenar Acarajé da Cira' }).boundingBox())!;
  const to = (await page.getByRole('button', { name: 'Reordenar Mercado do Rio Vermelho' }).boundingBox())!;
  const x = from.x + from.width / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', from.y + from.height / 2);
  await page.clock.runFor(350);
  const endY = to.y + to.height / 2 + 10;
  for (let step = 1; step <= 10; step++) await touch('touchMove', from.y + ((endY - from.y) * step) / 10);
  await touch('touchEnd', endY);
  await expect(titles).toHaveText([
    'Restaurante do SENAC no Pelourinho',
    'Mercado do Rio Vermelho',
    'Acarajé da Cira',
  ]);
});

test('on a phone: the header menu opens on the first tap, the keyboard goes on into it, and a followed link closes it', async ({
  page,
}) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Abrir o menu' });
  const menu = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Cadastre-se' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Sobre' })).toBeFocused();

  await menu.getByRole('link', { name: 'Suporte' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
