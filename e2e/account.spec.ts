import { expect, test } from '@playwright/test';
import { signIn, signUp } from './support.ts';

test('account data is saved with masks and shown again after a reload', async ({ page, request }) => {
  const gabi = await signUp(request, 'Gabriela Costa');
  await signIn(page, gabi, '/profile/update');
  await expect(page).toHaveURL(/\/account\/profile$/);
  const menu = page.getByRole('navigation', { name: 'Menu da conta' });
  await expect(menu).toContainText('Gabriela Costa');
  await expect(menu).toContainText('Conta pessoal');
  await expect(
    page.getByText('Formatos aceitos: jpeg, jpg, png e gif. Tamanho máximo de 4 MB.'),
  ).toBeVisible();

  // All fields are required, with the spec's texts.
  await page.getByLabel('Nome completo').fill('');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  for (const text of [
    'Preencha o campo com o seu nome.',
    'Preencha o campo como gosta de ser chamado.',
    'Preencha o campo telefone.',
    'Preencha o campo aniversário.',
    'Preencha o campo endereço.',
    'Selecione o seu país.',
    'Selecione o estado.',
    'Preencha o campo cidade.',
    'Preencha o campo Cep.',
  ])
    await expect(page.getByText(text, { exact: true })).toBeVisible();

  // Only Brasil, and the 27 states after the disabled 'Selecione'.
  await expect(page.getByLabel('País').locator('option')).toHaveText(['Selecione', 'Brasil']);
  await expect(page.getByLabel('Estado').locator('option')).toHaveCount(28);
  await expect(page.getByLabel('Estado').locator('option').first()).toBeDisabled();

  await page.getByLabel('Nome completo').fill('Gabriela Costa Lima');
  await page.getByLabel('Como gosta de ser chamado').fill('Gabi');
  await page.getByLabel('Telefone').pressSequentially('11912345678');
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 91234-5678');
  await page.getByLabel('Aniversário').pressSequentially('07021990');
  await expect(page.getByLabel('Aniversário')).toHaveValue('07/02/1990');
  await page.getByLabel('Endereço').fill('Rua Augusta, 100');
  await page.getByLabel('País').selectOption('Brasil');
  await page.getByLabel('Estado').selectOption('São Paulo');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Dados da conta atualizados.')).toBeVisible();
  // The header follows the new name.
  await expect(page.getByRole('button', { name: /Menu do usuário/ })).toContainText('Gabriela Costa Lima');

  await page.reload();
  await expect(page.getByLabel('Nome completo')).toHaveValue('Gabriela Costa Lima');
  await expect(page.getByLabel('Como gosta de ser chamado')).toHaveValue('Gabi');
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 91234-5678');
  await expect(page.getByLabel('Aniversário')).toHaveValue('07/02/1990');
  await expect(page.getByLabel('Estado')).toHaveValue('São Paulo');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');

  // An underage birthday is refused with our message.
  const year = new Date().getFullYear() - 10;
  await page.getByLabel('Aniversário').fill('');
  await page.getByLabel('Aniversário').pressSequentially(`0101${year}`);
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('É preciso ter 18 anos ou mais para usar o Acervo.')).toBeVisible();
});

test('the security form checks its fields, and Sair in the side menu logs out', async ({ page, request }) => {
  const heitor = await signUp(request, 'Heitor Alves');
  await signIn(page, heitor, '/account/security');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Informe a senha atual.')).toBeVisible();
  await expect(page.getByText('Informe a nova senha.')).toBeVisible();
  await expect(page.getByText('Confirme a nova senha.', { exact: true })).toBeVisible();
  await page.getByLabel('Senha atual').fill('colecao2024');
  await page.getByLabel('Nova senha', { exact: true }).fill('outrasenha2025');
  await page.getByLabel('Confirme a nova senha').fill('outrasenha2026');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('As senhas não coincidem.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Menu da conta' }).getByRole('link', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await page.getByRole('navigation', { name: 'Menu da conta' }).getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the notifications modal tells the user to complete the registration', async ({ page, request }) => {
  const iris = await signUp(request, 'Íris Prado');
  await signIn(page, iris, '/feed');
  await page.getByRole('button', { name: /Notificações/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Notificações' });
  await expect(dialog).toContainText('cadastro');
  await dialog.getByRole('link', { name: 'Completar cadastro' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(dialog).toBeHidden();
});
