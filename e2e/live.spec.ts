import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, signIn, signUp, type TestSession } from './support.ts';

/**
 * Issue 26, the live bell: with /feed open on "Seguindo", B sees A's new item and B's bell rises
 * when A likes B's collection and follows B, all without a reload.
 */

async function put(request: APIRequestContext, who: TestSession, path: string) {
  const response = await request.put(path, { headers: { authorization: `Bearer ${who.token}` } });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
}

test('B sees A’s new item on "Seguindo" and the bell rise, without a reload', async ({ page, request }) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  const ana = await signUp(request, 'Ana Viva');
  const bruno = await signUp(request, 'Bruno Atento');
  await put(request, bruno, `/api/v1/user/${ana.userId}/follow`);
  const asAna = apiAs(request, ana);
  const asBruno = apiAs(request, bruno);
  const filmes = await asAna.categoryId('Filmes');
  const anas = await asAna.createCollection({ category_id: filmes, name: `Filmes de agora ${tag}` });
  const brunos = await asBruno.createCollection({ category_id: filmes, name: `Meus filmes ${tag}` });

  // The stream answers its headers once it is open: from then on, nothing is missed.
  const streamOpen = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/notification/stream') && response.status() === 200,
  );
  await signIn(page, bruno, '/feed');
  await expect(page.getByRole('tab', { name: 'Seguindo' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(`Ana Viva criou a coleção Filmes de agora ${tag}`)).toBeVisible();
  // Only "complete your registration" so far.
  const bell = page.getByRole('button', { name: /^Notificações/ });
  await expect(bell).toHaveAccessibleName('Notificações: 1 não lida');
  await streamOpen;
  // Anything that reloads the page loses this mark.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await asAna.createItem({ collection_id: anas.id, name: 'Aquarius' });
  await expect(panel.getByRole('link', { name: 'Aquarius' })).toBeVisible();

  await put(request, ana, `/api/v1/collection/${brunos.id}/like`);
  await expect(bell).toHaveAccessibleName('Notificações: 2 não lidas');
  await put(request, ana, `/api/v1/user/${bruno.userId}/follow`);
  await expect(bell).toHaveAccessibleName('Notificações: 3 não lidas');

  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
