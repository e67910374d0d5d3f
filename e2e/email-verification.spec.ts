import { expect, test } from '@playwright/test';
import { startGoogleIssuer } from '../apps/api/src/test/google-issuer.ts';
import { waitForMail } from './mailbox.ts';
import { startOwnServer } from './own-server.ts';
import { PASSWORD, fillRegisterForm, uniqueEmail } from './support.ts';
import { CLIENT_ID, standInGoogleScript } from './google-stand-in.ts';

const REMINDER = 'Confirme seu e-mail para proteger sua conta.';

test('registration → the reminder in the header → the verification mail → its link → the reminder is gone', async ({
  page,
}) => {
  const email = uniqueEmail('clara');
  await page.goto('/register');
  await fillRegisterForm(page, { name: 'Clara Dias', email, password: PASSWORD });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  const header = page.getByRole('navigation').first();
  await expect(header.getByText(REMINDER)).toBeVisible();
  await expect(header.getByRole('button', { name: 'Reenviar' })).toBeVisible();

  const mail = await waitForMail(email, 'Confirme seu e-mail no Acervo');
  expect(mail.text).toContain('Olá, Clara Dias!');
  const link = mail.links[0]!;
  expect(link).toMatch(/\/verify-email\/[A-Za-z0-9_-]{43}$/);

  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'E-mail confirmado. Obrigado!' })).toBeVisible();
  await expect(page.getByText(REMINDER)).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Ir para o meu perfil' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clara Dias');
  await expect(page.getByText(REMINDER)).toHaveCount(0);

  // The link works once; opened again, it says so.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('Este link de confirmação já foi usado.');
});

test("a stranger who registered Maria's address first does not get her Google sign-in: it is refused, with how to reclaim the address", async ({
  page,
  request,
}) => {
  test.slow(); // a second server starts: slow on a busy machine
  const issuer = await startGoogleIssuer(CLIENT_ID);
  const server = await startOwnServer({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_ISSUER: issuer.issuer,
    GOOGLE_JWKS_URL: issuer.jwksUrl,
  });
  try {
    const maria = 'maria.souza@gmail.com';
    const stranger = await request.post(`${server.baseURL}/api/v1/registration`, {
      data: { name: 'Maria', email: maria, password: 'Estranho2026', password_confirmation: 'Estranho2026' },
    });
    expect(stranger.status()).toBe(201);
    const strangerToken = ((await stranger.json()) as { data: { access_token: string } }).data.access_token;

    const credential = await issuer.sign({ sub: '9988776655', email: maria, name: 'Maria Souza' });
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/javascript',
        body: standInGoogleScript(credential),
      }),
    );
    await page.goto(`${server.baseURL}/login`);
    await page
      .getByRole('group', { name: 'Login com Google' })
      .getByRole('button', { name: 'Fazer login com o Google' })
      .click();
    await expect(page.getByRole('alert')).toContainText(
      'Já existe uma conta com este e-mail, mas ele ainda não foi confirmado.',
    );
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Nothing was linked: the stranger's account is still unverified and has no Google sign-in.
    const me = await request.get(`${server.baseURL}/api/v1/sessions`, {
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { data: unknown[] }).data).toHaveLength(1);
  } finally {
    await server.stop();
    await issuer.close();
  }
});
