import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, axeViolations, signIn, signUp, type TestSession } from './support.ts';

/**
 * Issue 26, "Seguindo": B follows A, A adds an item, and B's /feed opens on "Seguindo" with A's
 * entry linking to A, the collection and the item; A's profile shows it as recent activity.
 * (Live updates without a reload are a later slice.)
 */

async function follow(request: APIRequestContext, who: TestSession, whom: TestSession) {
  const response = await request.put(`/api/v1/user/${whom.userId}/follow`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  if (!response.ok()) throw new Error(`follow answered ${response.status()}`);
}

test('B follows A, A adds an item, and B sees it first thing on "Seguindo"', async ({ page, request }) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  const ana = await signUp(request, 'Ana Linha');
  const bruno = await signUp(request, 'Bruno Leitor');
  await follow(request, bruno, ana);
  const as = apiAs(request, ana);
  const collection = await as.createCollection({
    category_id: await as.categoryId('Filmes'),
    name: `Filmes para chorar ${tag}`,
  });
  // A long name without spaces must not widen a phone's page.
  const item = await as.createItem({
    collection_id: collection.id,
    name: 'Bacurau',
    rating: 4.5,
  });
  await as.createItem({ collection_id: collection.id, name: 'Umnomemuitolongosemespacos'.repeat(3) });

  await signIn(page, bruno, '/feed');
  const tab = page.getByRole('tab', { name: 'Seguindo' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab').first()).toHaveText('Seguindo');
  const panel = page.getByRole('tabpanel');
  const entry = panel.getByRole('listitem').filter({ hasText: 'adicionou 2 itens a' });
  await expect(entry).toContainText(`Ana Linha adicionou 2 itens a Filmes para chorar ${tag}`);
  await expect(entry.getByRole('link', { name: 'Ana Linha' })).toHaveAttribute(
    'href',
    `/profile/${ana.userId}`,
  );
  await expect(entry.getByRole('link', { name: 'Bacurau' })).toHaveAttribute(
    'href',
    `/lists/${collection.id}/items/${item.id}`,
  );
  await expect(panel.getByText(`Ana Linha criou a coleção Filmes para chorar ${tag}`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // On a 390 px phone the entries wrap rather than widen the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(entry).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await entry.getByRole('link', { name: `Filmes para chorar ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/lists/${collection.id}$`));

  // A's profile, as B sees it: the same activity under "Atividade recente".
  await page.goto(`/profile/${ana.userId}`);
  const activity = page.getByRole('region', { name: 'Atividade recente' });
  await expect(activity.getByText(`Ana Linha adicionou 2 itens a Filmes para chorar ${tag}`)).toBeVisible();
});

test('someone who follows no one keeps the categories first and finds what to do on "Seguindo"', async ({
  page,
  request,
}) => {
  const carla = await signUp(request, 'Carla Nova');
  await signIn(page, carla, '/feed');
  await expect(page.getByRole('tab', { name: 'Categorias' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab').last()).toHaveText('Seguindo');
  await page.getByRole('tab', { name: 'Seguindo' }).click();
  await expect(page.getByText('Siga pessoas ou coleções para ver aqui o que elas fazem.')).toBeVisible();
  await page.getByRole('link', { name: 'Encontrar pessoas' }).click();
  await expect(page.getByRole('tab', { name: 'Pessoas' })).toHaveAttribute('aria-selected', 'true');
});
