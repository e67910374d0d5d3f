import { expect, test, type Page, type Route } from '@playwright/test';
import { apiAs, signIn, signUp, type TestSession } from './support.ts';

/**
 * Spec section 8 for the signed-in screens: every text is reached by making the real API fail
 * at the network (500s, aborted requests, answers without the data) or by asking for ids that do
 * not exist. Our own code is never mocked.
 */
const TEXT = {
  unexpected: 'Ocorreu um erro inesperado. Por favor, tente novamente.',
  createRefused: 'Não foi possível cadastrar a sua coleção. Por favor, tente novamente.',
  addItemCollections: 'Ocorreu um erro inesperado ao carregar suas coleções.',
  profile: 'Erro ao buscar detalhes da conta.',
  recommendations: 'Não foi possível carregar as sugestões de coleções.',
  category: 'Não foi possível carregar as coleções da categoria.',
  popular: 'Não foi possível carregar as coleções mais populares.',
  categories: 'Erro ao buscar categorias:',
  lists: 'Erro ao buscar listas:',
  editLoad: 'Não foi possível carregar detalhes da coleção.',
  viewLoad: 'Erro ao buscar detalhes da coleção:',
  deleteRefused: 'Não foi possível excluir a coleção.',
  deleteFailed: 'Não foi possível excluir a coleção, tente novamente.',
  updateRefused: 'Não foi possível atualizar a sua coleção. Por favor, tente novamente.',
  detailsLoad: 'Não foi possível carregar os detalhes da coleção.',
  itemLoad: 'Não foi possível carregar os detalhes do item.',
  itemUpdateRefused: 'Não foi possível atualizar o item. Por favor, tente novamente.',
  itemDeleteRefused: 'Não foi possível excluir o item.',
  itemDeleteFailed: 'Não foi possível excluir o item, tente novamente.',
  accountLoad: 'Ocorreu um erro ao buscar os dados da conta.',
  accountRefused: 'Não foi possível atualizar os dados da conta. Por favor, tente novamente.',
  accountFailed: 'Ocorreu um erro inesperado ao atualizar os dados da conta.',
};

const serverError = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Erro interno.' } }),
  });
const abort = (route: Route) => route.abort('connectionreset');
/** A 2xx without the data the screen needs (the spec's "no id" / falsy answers). */
const emptyAnswer = (status: number) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ data: null }) });
const notFound = (route: Route) =>
  route.fulfill({
    status: 404,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Não encontrado.' } }),
  });

/** Fails only requests with this method whose path matches; everything else reaches the API. */
async function failWhen(page: Page, method: string, path: RegExp, answer: (route: Route) => Promise<void>) {
  await page.route(
    (url) => path.test(url.pathname),
    (route) => (route.request().method() === method ? answer(route) : route.fallback()),
  );
}

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

let owner: TestSession;
let listId: string;
let itemId: string;

test.beforeAll(async ({ request }) => {
  owner = await signUp(request, 'Joana Falhas');
  const as = apiAs(request, owner);
  const list = await as.createCollection({
    category_id: await as.categoryId('Filmes'),
    name: 'Lista de teste',
  });
  listId = list.id;
  itemId = (await as.createItem({ collection_id: listId, name: 'Item de teste', rating: 2 })).id;
});

test('feed and profile loads', async ({ page }) => {
  await failWhen(page, 'GET', /\/api\/v1\/category$/, serverError);
  await signIn(page, owner, '/feed');
  await expect(alert(page, TEXT.categories)).toBeVisible();
  await page.unrouteAll();

  await failWhen(page, 'GET', /\/collection\/by_category\//, abort);
  await page.goto('/feed');
  await expect(alert(page, TEXT.category)).toBeVisible();
  await failWhen(page, 'GET', /\/collection\/by_followers$/, serverError);
  await page.getByRole('tab', { name: 'Mais populares' }).click();
  await expect(alert(page, TEXT.popular)).toBeVisible();
  await page.unrouteAll();

  await failWhen(page, 'GET', /\/api\/v1\/user\//, serverError);
  await failWhen(page, 'GET', /\/collection\/recommended$/, serverError);
  await failWhen(page, 'GET', /\/collection\/by_user\//, abort);
  await page.goto('/profile');
  await expect(alert(page, TEXT.profile)).toBeVisible();
  await expect(alert(page, TEXT.recommendations)).toBeVisible();
  await expect(alert(page, TEXT.lists)).toBeVisible();
  await page.unrouteAll();
  // The retry button asks again, and the API answers this time.
  await page
    .getByRole('alert')
    .filter({ hasText: TEXT.lists })
    .getByRole('button', { name: 'Tentar novamente' })
    .click();
  await expect(page.getByRole('tab', { name: 'Filmes (1)' })).toBeVisible();

  // An unknown user id: no user data comes back, so the profile sends the visitor to /feed.
  await page.goto('/profile/nao-existe');
  await expect(page).toHaveURL(/\/feed$/);
});

test('collection create, view and edit', async ({ page }) => {
  await failWhen(page, 'POST', /\/api\/v1\/collection$/, abort);
  await signIn(page, owner, '/lists/create');
  await page.getByLabel('Categoria').selectOption({ label: 'Filmes' });
  await page.getByLabel('Nome da coleção').fill('Não vai dar certo');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alert(page, TEXT.unexpected)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  await page.unrouteAll();
  await failWhen(page, 'POST', /\/api\/v1\/collection$/, emptyAnswer(201));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alert(page, TEXT.createRefused)).toBeVisible();
  await page.unrouteAll();

  await failWhen(page, 'GET', new RegExp(`/collection/${listId}$`), serverError);
  await page.goto(`/lists/${listId}`);
  await expect(alert(page, TEXT.viewLoad)).toBeVisible();
  await page.goto(`/lists/${listId}/items/create`);
  await expect(alert(page, TEXT.viewLoad)).toBeVisible();
  await page.goto(`/lists/edit/${listId}`);
  await expect(alert(page, TEXT.editLoad)).toBeVisible();
  await page.unrouteAll();

  // Ids that do not exist answer 404 from the real API.
  await page.goto('/lists/nao-existe');
  await expect(
    alert(page, 'Não encontramos esta coleção. Ela pode ter sido excluída ou ser privada.'),
  ).toBeVisible();

  await page.goto(`/lists/edit/${listId}`);
  await failWhen(page, 'PUT', new RegExp(`/collection/${listId}$`), serverError);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alert(page, TEXT.unexpected)).toBeVisible();
  await page.unrouteAll();
  await failWhen(page, 'PUT', new RegExp(`/collection/${listId}$`), emptyAnswer(200));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alert(page, TEXT.updateRefused)).toBeVisible();
  await page.unrouteAll();

  await failWhen(page, 'DELETE', new RegExp(`/collection/${listId}$`), notFound);
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sim, excluir' }).click();
  await expect(alert(page, TEXT.deleteRefused)).toBeVisible();
  await page.unrouteAll();
  await failWhen(page, 'DELETE', new RegExp(`/collection/${listId}$`), abort);
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sim, excluir' }).click();
  await expect(alert(page, TEXT.deleteFailed)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/lists/edit/${listId}$`));
});

test('items: create, load, update and delete', async ({ page }) => {
  await signIn(page, owner, `/lists/${listId}/items/create`);
  await failWhen(page, 'POST', /\/collection_items$/, serverError);
  await page.getByLabel('Nome do item').fill('Outro item');
  await page.getByLabel('Descrição do item').fill('Descrição');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alert(page, TEXT.unexpected)).toBeVisible();
  await page.unrouteAll();

  await failWhen(page, 'GET', new RegExp(`/collection_items/${itemId}$`), serverError);
  await page.goto(`/lists/${listId}/items/edit/${itemId}`);
  await expect(alert(page, TEXT.itemLoad)).toBeVisible();
  await page.goto(`/lists/${listId}/items/${itemId}`);
  await expect(alert(page, TEXT.itemLoad)).toBeVisible();
  await page.unrouteAll();
  await failWhen(page, 'GET', new RegExp(`/collection/${listId}$`), abort);
  await page.goto(`/lists/${listId}/items/edit/${itemId}`);
  await expect(alert(page, TEXT.detailsLoad)).toBeVisible();
  await page.unrouteAll();
  await page.goto(`/lists/${listId}/items/nao-existe`);
  await expect(alert(page, 'Não encontramos este item. Ele pode ter sido excluído.')).toBeVisible();

  await page.goto(`/lists/${listId}/items/edit/${itemId}`);
  await failWhen(page, 'PUT', new RegExp(`/collection_items/${itemId}$`), emptyAnswer(200));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alert(page, TEXT.itemUpdateRefused)).toBeVisible();
  await page.unrouteAll();
  await failWhen(page, 'PUT', new RegExp(`/collection_items/${itemId}$`), abort);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alert(page, TEXT.unexpected)).toBeVisible();
  await page.unrouteAll();

  await failWhen(page, 'DELETE', new RegExp(`/collection_items/${itemId}$`), notFound);
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sim, excluir' }).click();
  await expect(alert(page, TEXT.itemDeleteRefused)).toBeVisible();
  await page.unrouteAll();
  await failWhen(page, 'DELETE', new RegExp(`/collection_items/${itemId}$`), serverError);
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sim, excluir' }).click();
  await expect(alert(page, TEXT.itemDeleteFailed)).toBeVisible();
});

test('the add-item modal', async ({ page }) => {
  await failWhen(page, 'GET', /\/collection\/by_user\//, serverError);
  await signIn(page, owner, '/feed');
  const header = page.locator('nav.site-header');
  await header.getByRole('button', { name: 'Adicionar item' }).click();
  const modal = page.getByRole('dialog', { name: 'Adicionar item' });
  await expect(modal.getByRole('alert').filter({ hasText: TEXT.addItemCollections })).toBeVisible();
  await page.unrouteAll();
  await modal.getByRole('button', { name: 'Tentar novamente' }).click();

  await modal.getByLabel('Coleção').selectOption({ label: 'Lista de teste (Filmes)' });
  await modal.getByLabel('Nome do item').fill('Item do modal');
  await failWhen(page, 'POST', /\/collection_items$/, abort);
  await modal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(modal.getByRole('alert').filter({ hasText: TEXT.unexpected })).toBeVisible();
  await page.unrouteAll();
  await failWhen(page, 'POST', /\/collection_items$/, emptyAnswer(201));
  await modal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(modal.getByRole('alert').filter({ hasText: TEXT.createRefused })).toBeVisible();
  await expect(page).toHaveURL(/\/feed$/);
});

test('the account screen', async ({ page, request }) => {
  const kaio = await signUp(request, 'Kaio Ramos');
  await failWhen(page, 'GET', /\/api\/v1\/user\//, serverError);
  await signIn(page, kaio, '/account/profile');
  await expect(alert(page, TEXT.accountLoad)).toBeVisible();
  await page.unrouteAll();
  await page.reload();

  await page.getByLabel('Como gosta de ser chamado').fill('Kaio');
  await page.getByLabel('Telefone').pressSequentially('21987654321');
  await page.getByLabel('Aniversário').pressSequentially('15081985');
  await page.getByLabel('Endereço').fill('Rua do Catete, 10');
  await page.getByLabel('País').selectOption('Brasil');
  await page.getByLabel('Estado').selectOption('Rio de Janeiro');
  await page.getByLabel('Cidade').fill('Rio de Janeiro');
  await page.getByLabel('CEP').pressSequentially('22220000');

  await failWhen(page, 'PUT', /\/api\/v1\/user\//, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Dados inválidos.' } }),
    }),
  );
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(alert(page, TEXT.accountRefused)).toBeVisible();
  await page.unrouteAll();
  await failWhen(page, 'PUT', /\/api\/v1\/user\//, abort);
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(alert(page, TEXT.accountFailed)).toBeVisible();
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Dados da conta atualizados.')).toBeVisible();
});
