import { expect, test } from '@playwright/test';
import { PASSWORD, fillRegisterForm, registerThroughApi, storage, uniqueEmail } from './support.ts';

const MSG_401 =
  'Não foi possível realizar o login. Verique se os dados informados estão corretos e tente novamente.';
const MSG_409 = 'E-mail já cadastrado. Por favor, verifique e tente novamente.';
const PASSWORD_RULE = 'A senha deve conter no mínimo 8 caracteres, com letras e números.';

test('registering signs the visitor in and lands on /onboarding with its cards', async ({ page }) => {
  const email = uniqueEmail('nova');
  await page.goto('/register');
  await fillRegisterForm(page, { name: 'Ana Souza', email, password: PASSWORD });
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boas-vindas ao Acervo, Ana Souza!');
  await expect(page.getByRole('link', { name: 'Criar coleção' })).toHaveAttribute('href', '/lists/create');
  await expect(page.getByRole('link', { name: 'Ir para o feed' })).toHaveAttribute(
    'href',
    '/feed?tab=para-voce',
  );
  await expect(page.getByRole('link', { name: 'Completar perfil' })).toHaveAttribute(
    'href',
    '/profile/update',
  );
  await expect(page).toHaveTitle('Boas-vindas · Acervo');

  const stored = await storage(page, 'localStorage');
  expect(stored).toMatchObject({ user_name: 'Ana Souza', user_email: email, user_picture: 'false' });
  expect(stored.token).toBeTruthy();
  // The logo leads to the profile once signed in.
  await expect(page.getByRole('link', { name: 'Acervo, seu perfil' })).toHaveAttribute('href', '/profile');
});

test('logout goes to /login, and logging in again lands on /profile', async ({ page }) => {
  const email = uniqueEmail('volta');
  await page.goto('/register');
  await fillRegisterForm(page, { name: 'Bruno Lima', email, password: PASSWORD });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  const { token } = await storage(page, 'localStorage');

  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storage(page, 'localStorage')).toMatchObject({ token: null, user_id: null });
  // The server revoked the token too.
  const revoked = await page.request.delete('/api/v1/session', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(revoked.status()).toBe(401);

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bruno Lima');
  expect((await storage(page, 'localStorage')).token).toBeTruthy();
});

test("'Lembrar' unchecked keeps the session only in sessionStorage", async ({ page, request }) => {
  const email = uniqueEmail('curta');
  await registerThroughApi(request, 'Carla Dias', email);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByLabel('Lembrar').uncheck();
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);

  expect((await storage(page, 'localStorage')).token).toBeNull();
  expect(await storage(page, 'sessionStorage')).toMatchObject({ user_email: email, user_picture: 'false' });
  // Restored on reload, before the guard decides.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carla Dias');
});

test('a wrong password shows the 401 text and re-enables the button', async ({ page, request }) => {
  const email = uniqueEmail('erro');
  await registerThroughApi(request, 'Davi Rocha', email);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('outra-senha-123');
  const submit = page.getByRole('button', { name: 'Entrar', exact: true });
  await submit.click();

  await expect(page.getByRole('alert')).toHaveText(MSG_401);
  await expect(page).toHaveURL(/\/login$/);
  await expect(submit).toBeEnabled();
});

test('a duplicate e-mail shows the 409 text', async ({ page, request }) => {
  const email = uniqueEmail('dupla');
  await registerThroughApi(request, 'Eva Martins', email);
  await page.goto('/register');
  await fillRegisterForm(page, { name: 'Eva Martins', email, password: PASSWORD });
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page.getByRole('alert')).toHaveText(MSG_409);
  await expect(page).toHaveURL(/\/register$/);
});

test('the password rule message appears while typing and goes away when the rule is met', async ({
  page,
}) => {
  await page.goto('/register');
  const password = page.getByLabel('Senha', { exact: true });
  await password.pressSequentially('abc');
  await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
  await expect(password).toHaveClass(/is-invalid/);
  await password.pressSequentially('12345');
  await expect(page.getByText(PASSWORD_RULE)).toBeHidden();

  // Login shows the same text as a hint while typing, without blocking old passwords.
  await page.goto('/login');
  await page.getByLabel('Senha').pressSequentially('abcdefgh');
  await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
});

test('an empty login submit shows the required messages in the validated style', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Informe seu e-mail.')).toBeVisible();
  await expect(page.getByText('Informe sua senha.')).toBeVisible();
  // Bootstrap's invalid style, announced as invalid, and the first such field takes the focus.
  const email = page.getByLabel('E-mail');
  await expect(email).toHaveClass(/is-invalid/);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Informe seu e-mail.');
  await expect(email).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);
});
