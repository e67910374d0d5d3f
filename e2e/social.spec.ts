import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, pressUntilAnnounced, signIn, signUp, type TestSession } from './support.ts';

/**
 * Issue 8 in the browser: two people, each in their own browser context, against the real API.
 * Names carry a per-test tag where the shared database could hold another test's collections.
 */

async function personIn(browser: Browser, session: TestSession, path: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await signIn(page, session, path);
  return page;
}

/** A profile header counter ('Seguidores', 'Curtidas', ...). */
const counter = (page: Page, label: string) =>
  page.locator('.profile-counters > div', { hasText: label }).locator('dd');

/** The bell, whatever its count; it asks the API on load and when the window regains focus. */
const bell = (page: Page) => page.getByRole('button', { name: /^Notificações/ });

test('A follows B from B’s profile, and B sees the notification and A among the followers', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const ana = await signUp(request, 'Ana Seguidora');
  const bruno = await signUp(request, 'Bruno Seguido');
  const brunoPage = await personIn(browser, bruno, '/feed');
  // A new account lacks its details: the spec's registration notice is the one unread notice.
  await expect(bell(brunoPage)).toHaveAccessibleName('Notificações: 1 não lida');

  const anaPage = await personIn(browser, ana, `/profile/${bruno.userId}`);
  await expect(anaPage.getByRole('heading', { level: 1, name: 'Bruno Seguido' })).toBeVisible();
  await expect(counter(anaPage, 'Seguidores')).toHaveText('0');
  const follow = anaPage.getByRole('button', { name: 'Seguir Bruno Seguido' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.press('Enter');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(counter(anaPage, 'Seguidores')).toHaveText('1');
  await expect(anaPage.getByText('Agora você segue Bruno Seguido.')).toBeAttached();
  await anaPage.reload();
  await expect(anaPage.getByRole('button', { name: 'Seguir Bruno Seguido' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // B: the bell counts the new follower, and the modal says who it was.
  await brunoPage.reload();
  await expect(bell(brunoPage)).toHaveAccessibleName('Notificações: 2 não lidas');
  await expect(bell(brunoPage)).toHaveText('02');
  await bell(brunoPage).click();
  const dialog = brunoPage.getByRole('dialog', { name: 'Notificações' });
  const notice = dialog.getByRole('link', { name: 'Ana Seguidora começou a seguir você.' });
  await expect(notice).toBeVisible();
  await dialog.getByRole('button', { name: 'Marcar como lida' }).click();
  await expect(dialog.getByText('Notificação marcada como lida.')).toBeAttached();
  await expect(notice).toBeFocused();
  await expect(bell(brunoPage)).toHaveAccessibleName('Notificações: 1 não lida');
  await notice.click();
  await expect(dialog).toBeHidden();
  await expect(brunoPage).toHaveURL(new RegExp(`/profile/${ana.userId}$`));

  // B's followers list, from the counter on B's own profile.
  await brunoPage.goto('/profile');
  await brunoPage.getByRole('link', { name: 'Seguidores' }).click();
  await expect(brunoPage).toHaveURL(new RegExp(`/profile/${bruno.userId}/followers$`));
  await expect(brunoPage.getByRole('link', { name: 'Ana Seguidora' })).toBeVisible();
  await brunoPage
    .getByRole('navigation', { name: 'Seguidores e seguindo' })
    .getByRole('link', { name: 'Seguindo' })
    .click();
  await expect(brunoPage.getByText('Esta pessoa ainda não segue ninguém.')).toBeVisible();
  await anaPage.context().close();
  await brunoPage.context().close();
});

test('A likes and saves B’s public collection and sees "salva de B"', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const ana = await signUp(request, 'Ana Curadora');
  const bruno = await signUp(request, 'Bruno Autor');
  const as = apiAs(request, bruno);
  const list = await as.createCollection({
    category_id: await as.categoryId('Livros'),
    name: 'Romances brasileiros',
    description: 'Os que eu releio.',
  });
  for (const name of ['Dom Casmurro', 'Vidas Secas']) await as.createItem({ collection_id: list.id, name });

  // On B's profile, the card: heart with its count, then 'Seguir' for the collection.
  const anaPage = await personIn(browser, ana, `/profile/${bruno.userId}`);
  const card = anaPage.locator('article.collection-card', { hasText: 'Romances brasileiros' });
  const heart = card.getByRole('button', { name: 'Curtir Romances brasileiros' });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('1 curtida', { exact: true })).toBeAttached();
  await card.getByRole('button', { name: 'Seguir Romances brasileiros' }).click();
  await expect(card.getByRole('button', { name: 'Seguir Romances brasileiros' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(counter(anaPage, 'Curtidas')).toHaveText('1');

  // The banner agrees after a reload, with both counters.
  await anaPage.goto(`/lists/${list.id}`);
  await expect(anaPage.getByRole('button', { name: 'Curtir', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(anaPage.locator('.banner-counters')).toHaveText(/1\s*seguidores\s*1\s*curtidas/);

  // Save a public copy.
  await anaPage.getByRole('button', { name: 'Salvar em minhas coleções' }).click();
  const dialog = anaPage.getByRole('dialog', { name: 'Salvar em minhas coleções' });
  await expect(dialog.getByRole('radio', { name: /Só eu e quem eu convidar/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /Todo mundo/ }).check();
  await dialog.getByRole('button', { name: 'Salvar cópia' }).click();
  await expect(dialog.getByText('Pronto! “Romances brasileiros” está nas suas coleções.')).toBeVisible();
  await dialog.getByRole('link', { name: 'Ver a cópia' }).click();
  await expect(dialog).toBeHidden();
  await expect(anaPage).not.toHaveURL(new RegExp(`/lists/${list.id}$`));
  await expect(anaPage.getByRole('heading', { level: 1 })).toHaveText('Romances brasileiros');
  await expect(anaPage.getByRole('heading', { name: 'Itens da minha coleção' })).toBeVisible();
  await expect(anaPage.getByText('salva de Bruno Autor')).toBeVisible();
  await expect(anaPage.getByRole('link', { name: 'Dom Casmurro', exact: true })).toBeVisible();
  await expect(anaPage.getByText('Privada', { exact: true })).toHaveCount(0);
  await anaPage.getByRole('link', { name: 'ver a original' }).click();
  await expect(anaPage).toHaveURL(new RegExp(`/lists/${list.id}$`));

  // On A's own profile, the copy's card credits B too.
  await anaPage.goto('/profile');
  await expect(
    anaPage
      .getByRole('region', { name: 'Coleções', exact: true })
      .locator('article.collection-card', { hasText: 'Romances brasileiros' })
      .getByText('salva de Bruno Autor'),
  ).toBeVisible();

  // B hears about the like and the save.
  const brunoPage = await personIn(browser, bruno, '/profile');
  await expect(counter(brunoPage, 'Curtidas')).toHaveText('1');
  await bell(brunoPage).click();
  const notices = brunoPage.getByRole('dialog', { name: 'Notificações' });
  await expect(notices.getByText('Ana Curadora curtiu a sua coleção “Romances brasileiros”.')).toBeVisible();
  await expect(
    notices.getByText('Ana Curadora salvou uma cópia da sua coleção “Romances brasileiros”.'),
  ).toBeVisible();
  await notices.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(notices.getByText('Todas as notificações foram marcadas como lidas.')).toBeAttached();
  await expect(notices.getByRole('button', { name: 'Marcar como lida' })).toHaveCount(0);
  await anaPage.context().close();
  await brunoPage.context().close();
});

test('B invites A by link as editor of a private collection; A adds an item and B sees it', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const ana = await signUp(request, 'Ana Convidada');
  const bruno = await signUp(request, 'Bruno Anfitrião');
  const as = apiAs(request, bruno);
  const list = await as.createCollection({
    category_id: await as.categoryId('Viagens'),
    name: 'Roteiro secreto',
    private: true,
  });
  await as.createItem({ collection_id: list.id, name: 'Chapada Diamantina' });

  // Private: A cannot see it yet.
  const anaPage = await personIn(browser, ana, `/lists/${list.id}`);
  await expect(
    anaPage.getByText('Não encontramos esta coleção. Ela pode ter sido excluída ou ser privada.'),
  ).toBeVisible();

  // B creates an editor link on the edit screen.
  const brunoPage = await personIn(browser, bruno, `/lists/edit/${list.id}`);
  const panel = brunoPage.getByRole('region', { name: 'Colaboradores' });
  await expect(panel.getByText('Ninguém colabora nesta coleção ainda.')).toBeVisible();
  await panel.getByLabel('Papel de quem entrar pelo link').selectOption({ label: 'Editor' });
  await panel.getByRole('button', { name: 'Criar link de convite' }).click();
  const linkField = panel.getByLabel('Link de convite (Editor)');
  await expect(linkField).toHaveValue(/\/invite\/[A-Za-z0-9_-]{20,}$/);
  await panel.getByRole('button', { name: 'Copiar link' }).click();
  await expect(panel.getByText(/^(Link copiado\.|Não deu para copiar sozinho.*)$/)).toBeAttached();
  const invite = new URL(await linkField.inputValue());

  // A opens the link, sees what it gives and accepts.
  await anaPage.goto(invite.pathname);
  await expect(
    anaPage.getByText('Bruno Anfitrião convidou você para colaborar na coleção “Roteiro secreto”.'),
  ).toBeVisible();
  await expect(anaPage.getByText(/Com o papel de editor/)).toBeVisible();
  await anaPage.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(anaPage).toHaveURL(new RegExp(`/lists/${list.id}$`));
  await expect(anaPage.getByRole('heading', { level: 1 })).toHaveText('Roteiro secreto');
  await expect(anaPage.getByRole('link', { name: 'Editar coleção' })).toHaveCount(0);

  // As editor, A adds an item. The banner shows with its social buttons (loaded on demand), so
  // none arrives later beside the link to move it (layout-shift.spec.ts).
  await anaPage.getByRole('link', { name: 'Adicionar item' }).click();
  await anaPage.getByLabel('Nome do item').fill('Lençóis Maranhenses');
  await anaPage.getByLabel('Descrição do item').fill('Ir em julho, com as lagoas cheias.');
  await anaPage.getByRole('button', { name: 'Salvar' }).click();
  await expect(anaPage).toHaveURL(new RegExp(`/lists/${list.id}$`));
  await expect(anaPage.getByRole('link', { name: 'Lençóis Maranhenses', exact: true })).toBeVisible();

  // B sees the item, and A in the panel as editor.
  await brunoPage.goto(`/lists/${list.id}`);
  await expect(brunoPage.getByRole('link', { name: 'Lençóis Maranhenses', exact: true })).toBeVisible();
  await brunoPage.goto(`/lists/edit/${list.id}`);
  await expect(panel.getByRole('link', { name: 'Ana Convidada' })).toBeVisible();
  await expect(panel.getByLabel('Papel de Ana Convidada')).toHaveValue('editor');

  // Revoked links stop working.
  await panel.getByRole('button', { name: 'Revogar links abertos' }).click();
  await expect(panel.getByText(/links? revogados?\./)).toBeAttached();
  await anaPage.goto(invite.pathname);
  await expect(anaPage.getByText('Este convite não é válido ou expirou.')).toBeVisible();
  await anaPage.context().close();
  await brunoPage.context().close();
});

test('a new item order survives a reload', async ({ page, request }) => {
  const carla = await signUp(request, 'Carla Ordem');
  const as = apiAs(request, carla);
  const list = await as.createCollection({
    category_id: await as.categoryId('Séries'),
    name: 'Para maratonar',
  });
  for (const name of ['Cidade Invisível', 'Sintonia', 'Irmandade'])
    await as.createItem({ collection_id: list.id, name });
  await signIn(page, carla, `/lists/${list.id}`);
  const titles = page.locator('.item-list h3');
  await expect(titles).toHaveText(['Cidade Invisível', 'Sintonia', 'Irmandade']);

  // One press of a button, then the keyboard drag.
  await page.getByRole('button', { name: 'Mover Irmandade para cima' }).click();
  await expect(titles).toHaveText(['Cidade Invisível', 'Irmandade', 'Sintonia']);
  await expect(page.getByText('Nova ordem salva.')).toBeAttached();
  const handle = page.getByRole('button', { name: 'Reordenar Cidade Invisível' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await pressUntilAnnounced(page, 'ArrowDown', 'Cidade Invisível movido para a posição 2.');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Cidade Invisível movido para a posição 3.')).toBeAttached();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/items/order') && response.request().method() === 'PUT',
  );
  await page.keyboard.press('Space');
  await expect(titles).toHaveText(['Irmandade', 'Sintonia', 'Cidade Invisível']);
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(titles).toHaveText(['Irmandade', 'Sintonia', 'Cidade Invisível']);
});

test('searching "acai" finds "Açaí na tigela", by type, from the header and from the feed', async ({
  page,
  request,
}) => {
  const davi = await signUp(request, 'Davi Buscador');
  const as = apiAs(request, davi);
  const list = await as.createCollection({
    category_id: await as.categoryId('Restaurantes'),
    name: 'Açaí na tigela',
    description: 'Onde tomar açaí de verdade.',
  });
  await as.createItem({ collection_id: list.id, name: 'Point do Açaí', description: 'Com tapioca.' });

  await signIn(page, davi, '/profile');
  const header = page.getByRole('search', { name: 'Busca no Acervo' });
  await header.getByLabel('Buscar').fill('acai');
  await header.getByLabel('Buscar').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=acai$/);
  // In the results: the profile's "Atividade recente" names the collection too, and can still be
  // on the page while the search page's chunk arrives.
  const result = page.getByRole('tabpanel').getByRole('link', { name: 'Açaí na tigela' });
  await expect(result).toBeVisible();
  await expect(result.locator('mark')).toHaveText('Açaí');
  await expect(page.getByRole('status').filter({ hasText: /resultados? para “acai”/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Itens' }).click();
  await expect(page.getByRole('link', { name: 'Point do Açaí' })).toHaveAttribute(
    'href',
    new RegExp(`/lists/${list.id}/items/`),
  );
  await page.getByRole('tab', { name: 'Pessoas' }).click();
  const box = page.getByRole('search', { name: 'Busca', exact: true }).getByLabel('Buscar');
  await box.fill('Davi Buscador');
  await expect(page.getByRole('link', { name: 'Davi Buscador' })).toHaveAttribute(
    'href',
    `/profile/${davi.userId}`,
  );
  await expect(page).toHaveURL(/type=user/);

  // From the feed's box.
  await page.goto('/feed');
  const feedBox = page.getByRole('search', { name: 'Busca no feed' }).getByLabel('Buscar');
  await feedBox.fill('tigela');
  await feedBox.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=tigela$/);
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/lists/${list.id}$`));
});
