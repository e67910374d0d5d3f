import { expect, test, type Page } from '@playwright/test';
import {
  animationsDone,
  apiAs,
  heard,
  holdBack,
  listenToLiveRegions,
  pressUntilAnnounced,
  signIn,
  signUp,
} from './support.ts';

/** The signed-in header (the collection banner is a <header> too). */
const siteHeader = (page: Page) => page.locator('nav.site-header');

test('a collection from creation to deletion, as its owner and as another user', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const ana = await signUp(request, 'Ana Souza');
  const bruno = await signUp(request, 'Bruno Lima');
  await signIn(page, ana);

  // Empty profile: counters at zero and the call to create the first collection.
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Souza' })).toBeVisible();
  await expect(page.getByText('Você ainda não tem coleções. Que tal criar a primeira?')).toBeVisible();
  await page.getByRole('link', { name: 'Adicionar nova coleção' }).click();

  // Create: the spec's validation texts, then a public collection.
  await expect(page.getByRole('heading', { name: 'Cadastrar nova coleção' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Selecione a categoria.')).toBeVisible();
  await expect(page.getByText('Informe o nome da coleção.')).toBeVisible();
  await page.getByLabel('Categoria').selectOption({ label: 'Filmes' });
  await page.getByLabel('Nome da coleção').fill('Filmes que revejo sempre');
  await page.getByLabel(/Descrição/).fill('Os que eu sempre recomendo.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  // The heading first: /lists/create itself matches /lists/{id}.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Filmes que revejo sempre');
  await expect(page).not.toHaveURL(/\/lists\/create$/);
  const listUrl = page.url();
  const listId = listUrl.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Itens da minha coleção' })).toBeVisible();
  await expect(page.getByText('Nenhum registro encontrado.')).toBeVisible();

  // Add an item on its page: required fields, then save and back to the list.
  await page.getByRole('link', { name: 'Adicionar item' }).click();
  await expect(page.getByRole('heading', { name: 'Sugestões' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe o nome do item.')).toBeVisible();
  await expect(page.getByText('Informe a descrição do item.')).toBeVisible();
  await page.getByLabel('Nome do item').fill('Bacurau');
  await page.getByLabel('Descrição do item').fill('Faroeste do sertão, estranho e certeiro.');
  // The optional year tells namesakes apart; what is not a year is refused in the contract's words.
  await page.getByLabel('Ano (opcional)').fill('20x9');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe o ano com até 4 dígitos, como 2019.')).toBeVisible();
  await page.getByLabel('Ano (opcional)').fill('2019');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole('link', { name: 'Bacurau', exact: true })).toBeVisible();

  // Add an item from the header's modal.
  await siteHeader(page).getByRole('button', { name: 'Adicionar item' }).click();
  const modal = page.getByRole('dialog', { name: 'Adicionar item' });
  await modal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(modal.getByText('Selecione uma coleção.')).toBeVisible();
  await expect(modal.getByText('Informe o nome do item.')).toBeVisible();
  await modal.getByLabel('Coleção').selectOption({ label: 'Filmes que revejo sempre (Filmes)' });
  await modal.getByLabel('Nome do item').fill('Central do Brasil');
  await modal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole('link', { name: 'Central do Brasil', exact: true })).toBeVisible();

  // Rate an item with the keyboard: 3 stars, then one step right is 3,5.
  await page.getByRole('link', { name: 'Editar Bacurau' }).click();
  await expect(page.getByRole('heading', { name: 'Editar item' })).toBeVisible();
  await page.getByRole('radio', { name: '3 estrelas' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '3,5 estrelas' })).toBeChecked();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(listUrl);
  const rated = page.getByRole('img', { name: 'Nota 3,5 de 5' });
  await expect(rated).toBeVisible();
  await expect(rated.locator('[data-star="full"]')).toHaveCount(3);
  await expect(rated.locator('[data-star="half"]')).toHaveCount(1);

  // Reorder with the keyboard (local only): Central do Brasil moves above Bacurau.
  const titles = page.locator('.item-list h3');
  await expect(titles).toHaveText(['Bacurau', 'Central do Brasil']);
  // Each step waits for the drag state or the screen-reader announcement, in Portuguese.
  const centralHandle = page.getByRole('button', { name: 'Reordenar Central do Brasil' });
  await listenToLiveRegions(page);
  await centralHandle.focus();
  await page.keyboard.press('Space');
  await expect(centralHandle).toHaveAttribute('aria-pressed', 'true');
  await pressUntilAnnounced(page, 'ArrowUp', 'Central do Brasil movido para a posição 1.');
  await page.keyboard.press('Space');
  await expect.poll(() => heard(page)).toContain('Central do Brasil solto na posição 1.');
  await expect(titles).toHaveText(['Central do Brasil', 'Bacurau']);
  // ... and back with the mouse.
  const handle = page.getByRole('button', { name: 'Reordenar Bacurau' });
  const target = page.getByRole('button', { name: 'Reordenar Central do Brasil' });
  // Where the items are once the keyboard move's slide has ended, not halfway through it nor in
  // the frame before it starts: after a drop, dnd-kit holds each moved item at its old place with a
  // transform and lets it slide home one frame later, so wait until no item is displaced.
  await expect
    .poll(() =>
      page
        .locator('.item-list > li')
        .evaluateAll((items) => items.every((item) => getComputedStyle(item).transform === 'none')),
    )
    .toBe(true);
  await animationsDone(page);
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  // The pointer goes on once the drag has begun, and lets go once the new place is announced.
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 20, { steps: 10 });
  await expect(page.getByText('Bacurau movido para a posição 1.')).toBeAttached();
  await page.mouse.up();
  await expect.poll(() => heard(page)).toContain('Bacurau solto na posição 1.');
  await expect(titles).toHaveText(['Bacurau', 'Central do Brasil']);

  // The item view: name, stars, collection and owner.
  await page.getByRole('link', { name: 'Bacurau', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bacurau (2019)');
  await expect(page.getByRole('img', { name: 'Nota 3,5 de 5' })).toBeVisible();
  await expect(page.getByText('Faroeste do sertão, estranho e certeiro.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Editar item' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para a coleção' }).click();

  // A private collection, through the switch.
  await page.goto('/lists/create');
  await page.getByLabel('Categoria').selectOption({ label: 'Livros' });
  await page.getByLabel('Nome da coleção').fill('Diário de leituras');
  await page.getByLabel('Tornar a coleção privada.').check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diário de leituras');
  await expect(page.getByText('Privada', { exact: true })).toBeVisible();
  const privateUrl = page.url();

  await page.goto('/profile');
  const counter = (label: string) =>
    page.locator('.profile-counters > div', { hasText: label }).locator('dd');
  await expect(counter('Coleções')).toHaveText('2');
  await expect(page.getByRole('tab', { name: 'Filmes (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Livros (1)' })).toBeVisible();

  // Another signed-in user: read-only view, and the private collection does not exist for them.
  const brunoContext = await browser.newContext({ locale: 'pt-BR' });
  const brunoPage = await brunoContext.newPage();
  await signIn(brunoPage, bruno, `/lists/${listId}`);
  await expect(brunoPage.getByRole('heading', { name: 'Itens da coleção' })).toBeVisible();
  await expect(brunoPage.getByRole('img', { name: 'Nota 3,5 de 5' })).toBeVisible();
  await expect(brunoPage.getByRole('button', { name: 'Salvar em minhas coleções' })).toBeVisible();
  await expect(brunoPage.getByRole('link', { name: 'Editar coleção' })).toHaveCount(0);
  await expect(brunoPage.getByRole('link', { name: 'Adicionar item' })).toHaveCount(0);
  await expect(brunoPage.getByRole('link', { name: /^Editar / })).toHaveCount(0);
  await expect(brunoPage.getByRole('button', { name: /^Reordenar/ })).toHaveCount(0);
  await brunoPage.getByRole('link', { name: 'Ana Souza' }).first().click();
  await expect(brunoPage).toHaveURL(new RegExp(`/profile/${ana.userId}$`));
  await expect(brunoPage.getByRole('heading', { level: 1, name: 'Ana Souza' })).toBeVisible();
  await expect(brunoPage.getByRole('tab', { name: 'Filmes (1)' })).toBeVisible();
  await expect(brunoPage.getByRole('tab', { name: /Livros/ })).toHaveCount(0);
  await expect(
    brunoPage.locator('.profile-counters > div', { hasText: 'Coleções' }).locator('dd'),
  ).toHaveText('1');
  await expect(brunoPage.getByRole('link', { name: 'Adicionar nova coleção' })).toHaveCount(0);
  await brunoPage.goto(privateUrl);
  await expect(
    brunoPage.getByText('Não encontramos esta coleção. Ela pode ter sido excluída ou ser privada.'),
  ).toBeVisible();
  await brunoContext.close();

  // Delete an item (with the confirmation), then the collection.
  await page.goto(`/lists/${listId}`);
  await page.getByRole('link', { name: 'Editar Central do Brasil' }).click();
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  const confirmItem = page.getByRole('dialog');
  await expect(confirmItem).toContainText('Tem certeza que deseja excluir este item?');
  await confirmItem.getByRole('button', { name: 'Sim, excluir' }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole('link', { name: 'Central do Brasil', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Bacurau', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Editar coleção' }).click();
  await expect(page.getByRole('heading', { name: 'Atualizar dados da coleção' })).toBeVisible();
  await expect(page.getByLabel('Nome da lista')).toHaveValue('Filmes que revejo sempre');
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  const confirmList = page.getByRole('dialog');
  await expect(confirmList).toContainText('Tem certeza que deseja excluir esta coleção?');
  await confirmList.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirmList).toBeHidden();
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sim, excluir' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(counter('Coleções')).toHaveText('1');
  await expect(page.getByRole('tab', { name: /Filmes/ })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Livros (1)' })).toBeVisible();
});

test('editing a collection saves the name and the private switch', async ({ page, request }) => {
  const carla = await signUp(request, 'Carla Dias');
  const as = apiAs(request, carla);
  const list = await as.createCollection({ category_id: await as.categoryId('Séries'), name: 'Séries boas' });
  await signIn(page, carla, `/lists/edit/${list.id}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`/lists/${list.id}$`));
  await page.goto(`/lists/edit/${list.id}`);
  await page.getByLabel('Nome da lista').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe o nome da lista.')).toBeVisible();
  await page.getByLabel('Nome da lista').fill('Séries para maratonar');
  await page.getByLabel('Tornar a lista privada.').check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Séries para maratonar');
  await expect(page.getByText('Privada', { exact: true })).toBeVisible();
});

// A public one opens read-only without an account (issue 12, e2e/share.spec.ts).
test('an anonymous visitor on a private /lists/{id} sees only the sign-in prompt', async ({
  page,
  request,
}) => {
  const dani = await signUp(request, 'Daniela Rocha');
  const as = apiAs(request, dani);
  const list = await as.createCollection({
    category_id: await as.categoryId('Livros'),
    name: 'Clássicos',
    private: true,
  });
  await as.createItem({ collection_id: list.id, name: 'Dom Casmurro' });
  await page.goto(`/lists/${list.id}`);
  await expect(page.getByText('Para visualizar esta lista, entre com a sua conta.')).toBeVisible();
  await expect(page.getByText('Clássicos')).toHaveCount(0);
  await expect(page.getByText('Dom Casmurro')).toHaveCount(0);
  // Both ask to come back to the list afterwards (decision 029).
  const back = `next=${encodeURIComponent(`/lists/${list.id}`)}`;
  await page.getByRole('link', { name: 'Quero criar minha conta' }).click();
  await expect(page).toHaveURL(new RegExp(`/register\\?${back}$`));
  await page.goBack();
  await page.locator('main').getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?${back}$`));
});

test('the feed selects the first category, shows cards with 3 items and switches tabs', async ({
  page,
  request,
}) => {
  const eva = await signUp(request, 'Eva Martins');
  // Names unique to this run: the database is shared by every test of the suite.
  const tag = eva.email.slice(4, 12);
  const as = apiAs(request, eva);
  const albums = await as.categoryId('Álbuns');
  const full = await as.createCollection({ category_id: albums, name: `Discos de cabeceira ${tag}` });
  for (const name of ['Clube da Esquina', 'Acabou Chorare', 'Tropicália', 'Construção'])
    await as.createItem({ collection_id: full.id, name, rating: 4.5 });
  await as.createCollection({ category_id: albums, name: `Discos por ouvir ${tag}` });
  await as.createCollection({ category_id: albums, name: `Discos escondidos ${tag}`, private: true });

  await signIn(page, eva, '/feed');
  await expect(page.getByRole('button', { name: 'Álbuns' })).toHaveAttribute('aria-pressed', 'true');
  const card = page.locator('article', { hasText: `Discos de cabeceira ${tag}` });
  await expect(card.locator('li')).toHaveText(['Clube da Esquina', 'Acabou Chorare', 'Tropicália']);
  await expect(card.getByText('4 itens')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Eva Martins' })).toHaveAttribute(
    'href',
    `/profile/${eva.userId}`,
  );
  await expect(
    page
      .locator('article', { hasText: `Discos por ouvir ${tag}` })
      .getByText('Esta coleção ainda não possui itens.'),
  ).toBeVisible();
  await expect(page.getByText(`Discos escondidos ${tag}`)).toHaveCount(0);

  await page.getByRole('button', { name: 'Viagens' }).click();
  await expect(page.getByRole('heading', { name: 'Coleções de Viagens' })).toBeVisible();
  await page.getByRole('tab', { name: 'Mais populares' }).click();
  await expect(page.getByRole('heading', { name: 'As coleções mais seguidas' })).toBeVisible();
  await page.getByRole('tab', { name: 'Pessoas' }).click();
  await expect(page.getByRole('heading', { name: 'Pessoas com gostos parecidos' })).toBeVisible();

  await page.getByRole('tab', { name: 'Categorias' }).click();
  await page.getByRole('button', { name: 'Álbuns' }).click();
  await page
    .locator('article', { hasText: `Discos de cabeceira ${tag}` })
    .getByRole('link', { name: 'Ver coleção' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/lists/${full.id}$`));
});

test('the add-item modal asks for a collection first when the user has none', async ({ page, request }) => {
  const fabio = await signUp(request, 'Fábio Nunes');
  await signIn(page, fabio, '/feed');
  await siteHeader(page).getByRole('button', { name: 'Adicionar item' }).click();
  const modal = page.getByRole('dialog', { name: 'Adicionar item' });
  await expect(
    modal.getByText('Você ainda não tem nenhuma coleção. Crie uma coleção para adicionar itens.'),
  ).toBeVisible();
  await modal.getByRole('link', { name: 'Criar coleção' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/lists\/create$/);
});

test('on a slow network an editor gets their items with reordering, never a list swapped while they are in it', async ({
  page,
  request,
}) => {
  const owner = await signUp(request, 'Rita Lenta');
  const api = apiAs(request, owner);
  const collection = await api.createCollection({
    category_id: await api.categoryId('Filmes'),
    name: 'Rede lenta',
  });
  await api.createItem({ collection_id: collection.id, name: 'Bacurau' });
  // Reordering's code (dnd-kit, a chunk of its own) held back until the collection has shown.
  const arrive = await holdBack(page, '**/assets/sortable-items-*.js');
  await signIn(page, owner, `/lists/${collection.id}`);
  // The collection has arrived (its name is the page's title); reordering has not.
  await expect(page).toHaveTitle(/Rede lenta/);
  await expect(page.getByRole('status').filter({ hasText: 'Carregando' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Editar Bacurau' })).toHaveCount(0);

  arrive();
  await expect(page.getByRole('button', { name: 'Reordenar Bacurau' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Editar Bacurau' })).toBeVisible();
});
