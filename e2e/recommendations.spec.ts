import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, signIn, signUp, type TestSession } from './support.ts';

/**
 * Issue 11 in the browser: two people in two browser contexts. B keeps three collections about
 * the same thing (a per-test word makes them each other's only look-alikes in the shared
 * database); once A likes two, A's carousel offers the third and says which one it resembles.
 * The server rebuilds the neighbours every 2 s here (RECOMMEND_REFRESH_SECONDS in
 * playwright.config.ts), and A's likes count at once.
 */

async function personIn(browser: Browser, session: TestSession, path: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await signIn(page, session, path);
  return page;
}

test('after A likes two of B’s collections, A’s carousel explains a suggestion by one of them', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = `zq${Date.now().toString(36)}`;
  const bia = await signUp(request, 'Bia Curadora');
  const ana = await signUp(request, 'Ana Leitora');
  const as = apiAs(request, bia);
  const films = await as.categoryId('Filmes');
  const names = [`Dramas ${tag} para chorar`, `Mais dramas ${tag}`, `Dramas ${tag} esquecidos`];
  for (const name of names) await as.createCollection({ category_id: films, name });

  // B's context: the three collections are on B's profile (its Filmes tab; "Atividade recente"
  // names them too).
  const biaPage = await personIn(browser, bia, '/profile');
  const biaFilms = biaPage.getByRole('tabpanel', { name: /^Filmes/ });
  for (const name of names) await expect(biaFilms.getByRole('link', { name, exact: true })).toBeVisible();

  // A likes the first two from B's profile.
  const anaPage = await personIn(browser, ana, `/profile/${bia.userId}`);
  for (const name of names.slice(0, 2)) {
    const heart = anaPage.getByRole('button', { name: `Curtir ${name}` });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }

  // A's carousel: the third collection, "Parecida com" one of the two A liked.
  await expect
    .poll(
      async () => {
        await anaPage.goto('/profile');
        const card = anaPage.locator('#recommended-slides article.collection-card', { hasText: names[2] });
        await card
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => {});
        return card.count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const card = anaPage.locator('#recommended-slides article.collection-card', { hasText: names[2] });
  await expect(card.getByTestId('recommendation-reason')).toHaveText(
    new RegExp(`^(Parecida com|Porque você curtiu) (${names[0]}|${names[1]})$`),
  );

  // "Não tenho interesse" takes it away.
  await card.getByRole('button', { name: `Não tenho interesse em ${names[2]}` }).click();
  await expect(card).toHaveCount(0);

  // B sees the two likes.
  await biaPage.reload();
  await expect(biaPage.locator('.profile-counters > div', { hasText: 'Curtidas' }).locator('dd')).toHaveText(
    '2',
  );
});
