import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { waitForMail } from './mailbox.ts';
import { apiAs, PASSWORD, signIn, signUp, type TestSession } from './support.ts';

/**
 * Issue 23 in the browser: a block that hides two people from each other, and a report that an
 * operator acts on from /admin, seen by the reporter, the operator and the owner.
 */

/** The operator named in the journeys' ADMIN_EMAILS (playwright.config.ts), with a verified e-mail. */
const OPERATOR_EMAIL = 'moderacao@acervo.example';

async function operatorSession(request: APIRequestContext): Promise<TestSession> {
  const registered = await request.post('/api/v1/registration', {
    data: {
      name: 'Equipe de Moderação',
      email: OPERATOR_EMAIL,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect([201, 409]).toContain(registered.status());
  // An operator is a listed address that was verified (decision 040): the mailed link proves it.
  if (registered.status() === 201) {
    const mail = await waitForMail(OPERATOR_EMAIL, 'Confirme seu e-mail no Acervo');
    const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect((await request.post('/api/v1/email/verify', { data: { token } })).status()).toBe(200);
  }
  const login = await request.post('/api/v1/session', {
    data: { user: { email: OPERATOR_EMAIL, password: PASSWORD } },
  });
  const { data } = (await login.json()) as { data: { access_token: string; user_id: string } };
  return {
    token: data.access_token,
    userId: data.user_id,
    name: 'Equipe de Moderação',
    email: OPERATOR_EMAIL,
    emailVerified: true,
  };
}

async function personIn(browser: Browser, session: TestSession, path: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await signIn(page, session, path);
  return page;
}

test('A blocks B from B’s profile; B no longer finds A anywhere; A undoes it', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  const ana = await signUp(request, `Ana Bloqueia ${tag}`);
  const bruno = await signUp(request, `Bruno Bloqueado ${tag}`);
  const filmes = await apiAs(request, ana).categoryId('Filmes');
  const anas = await apiAs(request, ana).createCollection({
    category_id: filmes,
    name: `Filmes de Ana ${tag}`,
  });

  const anaPage = await personIn(browser, ana, `/profile/${bruno.userId}`);
  await expect(anaPage.getByRole('heading', { level: 1, name: bruno.name })).toBeVisible();
  await anaPage.getByRole('button', { name: 'Bloquear', exact: true }).click();
  const confirm = anaPage.getByRole('dialog', { name: `Bloquear ${bruno.name}?` });
  await expect(confirm).toContainText('não será avisado');
  await confirm.getByRole('button', { name: 'Bloquear' }).click();
  // Ana lands on the list where she can undo it.
  await expect(anaPage).toHaveURL(/\/account\/security#blocked-people$/);
  const list = anaPage.getByRole('region', { name: 'Pessoas bloqueadas e silenciadas' });
  await expect(list.getByRole('listitem').filter({ hasText: bruno.name })).toContainText('Bloqueado');

  // Bruno: Ana's profile sends him to the feed, her collection is not found, search does not know her.
  const brunoPage = await personIn(browser, bruno, `/profile/${ana.userId}`);
  await expect(brunoPage).toHaveURL(/\/feed$/);
  await brunoPage.goto(`/lists/${anas.id}`);
  await expect(brunoPage.getByText('Não encontramos esta coleção.', { exact: false })).toBeVisible();
  await brunoPage.goto(`/search?q=${encodeURIComponent(`Filmes de Ana ${tag}`)}`);
  await expect(brunoPage.getByText(`Nenhum resultado para “Filmes de Ana ${tag}”.`)).toBeVisible();
  await expect(brunoPage.getByRole('link', { name: `Filmes de Ana ${tag}` })).toHaveCount(0);

  // Ana undoes it from the list; Bruno sees her collection again.
  await list.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(anaPage.getByText(`Você desbloqueou ${bruno.name}.`)).toBeAttached();
  await expect(list.getByText('Você não bloqueou nem silenciou ninguém.')).toBeVisible();
  await brunoPage.goto(`/lists/${anas.id}`);
  await expect(brunoPage.getByRole('heading', { level: 1, name: `Filmes de Ana ${tag}` })).toBeVisible();
});

test('B reports a collection, an operator hides it from /admin, and the owner is told why and appeals', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const olga = await signUp(request, `Olga Dona ${tag}`);
  const bruno = await signUp(request, `Bruno Denuncia ${tag}`);
  const operator = await operatorSession(request);
  const filmes = await apiAs(request, olga).categoryId('Filmes');
  const name = `Coleção denunciada ${tag}`;
  const target = await apiAs(request, olga).createCollection({ category_id: filmes, name });

  // Bruno reports it.
  const brunoPage = await personIn(browser, bruno, `/lists/${target.id}`);
  await expect(brunoPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await brunoPage.getByRole('button', { name: 'Denunciar' }).click();
  const dialog = brunoPage.getByRole('dialog', { name: 'Denunciar' });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByLabel('Detalhes (opcional)').fill('Só propaganda.');
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(dialog.getByText('Denúncia enviada.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();

  // The operator hides it from /admin.
  const operatorPage = await personIn(browser, operator, '/admin');
  const card = operatorPage.getByRole('listitem', { name: `Coleção: ${name}` });
  await expect(card).toContainText('Só propaganda.');
  await expect(card).toContainText(`Denunciado por ${bruno.name}`);
  await card.getByRole('button', { name: 'Ocultar' }).click();
  await expect(operatorPage.getByText('Decisão registrada: Ocultar.')).toBeVisible();
  await operatorPage.getByRole('button', { name: 'Registro' }).click();
  await expect(operatorPage.getByText(/hide · collection/)).toBeVisible();

  // Gone for Bruno.
  await brunoPage.reload();
  await expect(brunoPage.getByText('Não encontramos esta coleção.', { exact: false })).toBeVisible();

  // Olga: the bell tells her, the page says why, and she asks for a review once.
  const olgaPage = await personIn(browser, olga, '/feed');
  await olgaPage.getByRole('button', { name: /^Notificações/ }).click();
  await olgaPage.getByRole('link', { name: new RegExp(`ocultou um conteúdo seu em “${name}”`) }).click();
  await expect(
    olgaPage.getByText('Esta coleção foi ocultada pela nossa equipe depois de uma denúncia (motivo: Spam).', {
      exact: false,
    }),
  ).toBeVisible();
  // The notice sits under the banner: the name stays readable beside it.
  await expect(olgaPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await olgaPage.getByRole('button', { name: 'Pedir revisão' }).click();
  await olgaPage.getByLabel('Por que a decisão deve ser revista?').fill('É uma lista de filmes de verdade.');
  await olgaPage.getByRole('button', { name: 'Enviar pedido de revisão' }).click();
  await expect(olgaPage.getByText('Pedido de revisão enviado.', { exact: false })).toBeVisible();
  const mail = await waitForMail(olga.email, 'Um conteúdo seu foi ocultado no Acervo');
  expect(mail.text).toContain(`/lists/${target.id}`);

  // The appeal is back in the queue with the earlier decision beside it.
  await operatorPage.getByRole('button', { name: 'Denúncias abertas' }).click();
  await expect(operatorPage.getByRole('listitem', { name: `Coleção: ${name}` })).toContainText(
    'Decisão anterior: Ocultar',
  );
});
