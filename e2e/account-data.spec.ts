import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { waitForMail } from './mailbox.ts';
import { apiAs, PASSWORD, signIn, signUp, storage } from './support.ts';

const LOGIN_FAILED =
  'Não foi possível realizar o login. Verique se os dados informados estão corretos e tente novamente.';

test('uploading a photo shows it on the account page and in the header, and it survives a reload', async ({
  page,
  request,
}) => {
  const ana = await signUp(request, 'Ana Fotógrafa');
  await signIn(page, ana, '/account/profile');
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  await page.getByLabel('Enviar foto').setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('status').filter({ hasText: 'Foto do perfil atualizada.' })).toBeVisible();

  const headerPhoto = page.locator('.user-menu-toggle img');
  await expect(headerPhoto).toHaveAttribute('src', /^\/media\/[\w-]+-96\.webp$/);
  // The image really loads from our origin (not a broken image).
  await expect.poll(() => headerPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  expect((await storage(page, 'localStorage')).user_picture).toMatch(/^\/media\/[\w-]+-512\.webp$/);

  await page.reload();
  await expect(page.locator('.user-menu-toggle img')).toHaveAttribute('src', /-96\.webp$/);
  await page.goto('/profile');
  await expect(page.locator('img.profile-avatar')).toHaveAttribute('src', /-512\.webp$/);
});

test('a file that is not an image is refused with a message', async ({ page, request }) => {
  const bia = await signUp(request, 'Bia Arquivo');
  await signIn(page, bia, '/account/profile');
  await page.getByLabel('Enviar foto').setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><p>não sou imagem</p>'),
  });
  await expect(page.getByRole('alert')).toHaveText('Envie uma imagem jpeg, jpg, png ou gif.');
});

test('"Baixar meus dados" downloads a JSON file of the account', async ({ page, request }) => {
  const caio = await signUp(request, 'Caio Exporta');
  await signIn(page, caio, '/account/security');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^acervo-${caio.userId}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    account: { email: string; name: string };
  };
  expect(data.account).toMatchObject({ email: caio.email, name: 'Caio Exporta' });
});

test('the films go to Letterboxd and the books to Goodreads as CSV files', async ({ page, request }) => {
  const edu = await signUp(request, 'Edu Leva');
  const api = apiAs(request, edu);
  const films = await api.createCollection({
    category_id: await api.categoryId('Filmes'),
    name: 'Revi em 2026',
  });
  await api.createItem({ collection_id: films.id, name: 'Bacurau', rating: 4.5 });
  const books = await api.createCollection({ category_id: await api.categoryId('Livros'), name: 'Lidos' });
  await api.createItem({ collection_id: books.id, name: 'Torto Arado', rating: 5 });
  await signIn(page, edu, '/account/security');

  const read = async (button: string) => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const download = await downloading;
    return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
  };
  const letterboxd = await read('Filmes para o Letterboxd');
  expect(letterboxd.name).toMatch(/^acervo-letterboxd-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(letterboxd.text).toBe('LetterboxdURI,Title,Year,Rating,Tags,Review\n,Bacurau,,4.5,Revi em 2026,\n');
  const goodreads = await read('Livros para o Goodreads');
  expect(goodreads.text.split('\n')[1]).toBe('Torto Arado,,,,5,,read,lidos,');
});

test('deleting the account signs out, and the login fails afterwards', async ({ page, request }) => {
  const dora = await signUp(request, 'Dora Sai');
  await signIn(page, dora, '/account/security');
  const section = page.getByRole('region', { name: 'Excluir a conta' });
  await section.getByLabel('Confirme com a sua senha').fill('senhaErrada123');
  await section.getByRole('button', { name: 'Excluir minha conta' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(section.getByText('Senha incorreta.')).toBeVisible();

  await section.getByLabel('Confirme com a sua senha').fill(PASSWORD);
  await section.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(page.getByRole('dialog')).toContainText('Tem certeza que deseja excluir a sua conta?');
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await storage(page, 'localStorage')).token).toBeNull();

  await page.getByLabel('E-mail').fill(dora.email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(LOGIN_FAILED);

  // The confirmation mail went to the address the account had.
  // (Beside the verification mail of her registration, decision 039.)
  const mail = await waitForMail(dora.email, 'Sua conta no Acervo foi excluída');
  expect(mail.text).toContain('Olá, Dora Sai!');
});

test('the privacy page leads to the deletion and export controls', async ({ page, request }) => {
  const eva = await signUp(request, 'Eva Privada');
  await signIn(page, eva, '/privacy-policy');
  await page.getByRole('link', { name: 'Excluir ou baixar meus dados' }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page.getByRole('button', { name: 'Excluir minha conta' })).toBeVisible();
});
