import { expect, test } from '@playwright/test';
import { waitForMail } from './mailbox.ts';
import { PASSWORD, signIn, signUp } from './support.ts';

const NEW_PASSWORD = 'NovaSenha2026';

test('a forgotten password: /recover → the mail → /reset/{token} → sign in with the new password', async ({
  page,
  request,
}) => {
  const lara = await signUp(request, 'Lara Nunes');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/recover$/);
  await page.getByLabel('E-mail').fill(lara.email);
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Ele vale por 1 hora.',
  );

  const mail = await waitForMail(lara.email, 'Redefinição de senha do Acervo');
  expect(mail.text).toContain('Olá, Lara Nunes!');
  const link = mail.links[0]!;
  expect(link).toMatch(/\/reset\/[A-Za-z0-9_-]{43}$/);

  await page.goto(link);
  const password = page.getByLabel('Nova senha', { exact: true });
  await password.fill('curta1');
  await expect(page.getByTestId('password-rules')).toContainText('Força da senha: fraca');
  await password.fill(NEW_PASSWORD);
  await expect(page.getByTestId('password-rules')).toContainText('Força da senha: razoável');
  await page.getByLabel('Confirme a nova senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('status')).toHaveText('Senha redefinida. Entre com a nova senha.');

  // The link works once.
  const reused = await request.post('/api/v1/password/reset', {
    data: {
      token: link.split('/').pop(),
      password: 'OutraSenha2026',
      password_confirmation: 'OutraSenha2026',
    },
  });
  expect(reused.status()).toBe(400);

  await page.getByRole('main').getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(lara.email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Não foi possível realizar o login');
  await page.getByLabel('Senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lara Nunes');
});

test('changing the password on /account/security keeps this session and mails a notice', async ({
  page,
  request,
}) => {
  const caio = await signUp(request, 'Caio Mendes');
  await signIn(page, caio, '/account/security');

  await page.getByLabel('Senha atual').fill('errada2024');
  await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await expect(page.getByTestId('password-rules')).toContainText('Força da senha: razoável');
  await page.getByLabel('Confirme a nova senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('A senha atual está incorreta.')).toBeVisible();

  await page.getByLabel('Senha atual').fill(PASSWORD);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Senha alterada' })).toHaveText(
    'Senha alterada. As outras sessões da sua conta foram encerradas.',
  );

  const notice = await waitForMail(caio.email, 'Sua senha foi alterada');
  expect(notice.text).toContain('Olá, Caio Mendes!');

  // Still signed in here; signing in again takes the new password.
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/account\/profile$/);
  await page.getByRole('navigation', { name: 'Menu da conta' }).getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(caio.email);
  await page.getByLabel('Senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
