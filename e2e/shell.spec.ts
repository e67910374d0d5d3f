import { expect, test } from '@playwright/test';

test('the guard sends an anonymous visitor from /feed to /login, asked to return there', async ({ page }) => {
  await page.goto('/feed');
  await expect(page).toHaveURL(/\/login\?next=%2Ffeed$/);
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/login\?next=%2Fonboarding$/);
});

test('the footer flags switch to English and back, remembered across reloads', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  const footer = page.locator('footer');
  await expect(footer.getByRole('button', { name: /Português/ })).toHaveAttribute('aria-pressed', 'true');

  await footer.getByRole('button', { name: /English/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to your account');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Log in · Acervo');
  await expect(footer.getByRole('button', { name: /English/ })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to your account');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Enter your password.')).toBeVisible();

  await footer.getByRole('button', { name: /Português/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acesse sua conta');
  await expect(page.getByText('Informe sua senha.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});

test('the landing page shows the hero, four steps, six testimonials and the store badges', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preferências que conectam pessoas.');
  await expect(page.getByRole('heading', { name: 'Como funciona' })).toBeVisible();
  await expect(page.locator('.step-card')).toHaveCount(4);
  await expect(page.locator('.testimonial')).toHaveCount(6);
  await expect(page.getByRole('img', { name: 'Em breve na App Store' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Em breve no Google Play' })).toBeVisible();
  await page.getByRole('link', { name: 'Criar minha conta', exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('public pages render with their titles, and unknown routes show the friendly 404', async ({ page }) => {
  for (const [path, title] of [
    ['/help', 'Ajuda · Acervo'],
    ['/contact', 'Contato · Acervo'],
    ['/privacy-policy', 'Política de privacidade · Acervo'],
    ['/terms-use', 'Termos de uso · Acervo'],
    ['/recover', 'Recuperar senha · Acervo'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  await page.goto('/nao-existe');
  await expect(page.getByRole('heading', { name: 'Não encontramos esta página' })).toBeVisible();
  await expect(page).toHaveTitle('Página não encontrada · Acervo');
});

test('pages fit a 360 px wide screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/',
    '/login',
    '/register',
    '/recover',
    '/help',
    '/contact',
    '/privacy-policy',
    '/terms-use',
  ]) {
    await page.goto(path);
    await expect(page.locator('footer')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the keyboard reaches the skip link first and the form in order, with a visible focus', async ({
  page,
}) => {
  await page.goto('/login');
  // Pages load lazily: the first Tab is the visitor's once the page is there.
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.getByLabel('E-mail').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Senha')).toBeFocused();
  await page.keyboard.press('Tab');
  const remember = page.getByLabel('Lembrar');
  await expect(remember).toBeFocused();
  const outline = await remember.evaluate(
    (el) => getComputedStyle(el).boxShadow + getComputedStyle(el).outlineStyle,
  );
  expect(outline).not.toBe('nonenone');
});
