import { expect, test, type Page } from '@playwright/test';
import { startSmtpInbox, type SmtpInbox } from '../apps/api/src/test/smtp-inbox.ts';
import { delayAnswers, layoutShift, PHONE, recordLayoutShifts } from './layout-shift.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';
import { fillRegisterForm, PASSWORD, uniqueEmail } from './support.ts';

const S01 = 'Por favor, complete o reCAPTCHA. (S-01)';
const ROBOT = 'Eu não sou um robô';
const TEAM = 'fale@exemplo.com.br';

// The shared server runs with CAPTCHA_PROVIDER=off: no widget on either page.
test('without a captcha configured, login and registration show none', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByTestId('captcha')).toHaveCount(0);
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
  await expect(page.getByTestId('captcha')).toHaveCount(0);
});

test.describe('with ALTCHA on every form (login flag on)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  let inbox: SmtpInbox;

  test.beforeAll(async () => {
    // A second server starts in seconds alone, but slower on 2 cores shared with a busy run.
    test.setTimeout(90_000);
    inbox = await startSmtpInbox();
    server = await startOwnServer({
      CAPTCHA_PROVIDER: 'altcha',
      CAPTCHA_ON_LOGIN: 'true',
      // A light proof of work for 2 shared cores; the widget and the server do the real protocol.
      ALTCHA_COST: '10',
      ALTCHA_MAX_COUNTER: '200',
      SMTP_URL: inbox.url,
      CONTACT_EMAIL: TEAM,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await inbox?.stop();
  });

  async function solveCaptcha(page: Page) {
    await page.getByText(ROBOT).click();
    await expect(page.getByText('Verificado')).toBeVisible({ timeout: 20_000 });
  }

  test('login shows the captcha and stops with S-01 until it is solved', async ({ page }) => {
    await page.goto(`${server.baseURL}/login`);
    await expect(page.getByText(ROBOT)).toBeVisible();
    await page.getByLabel('E-mail').fill('ninguem@example.com');
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText(S01)).toBeVisible();
  });

  test('a registration completes the ALTCHA challenge in the browser', async ({ page }) => {
    const altchaScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/altcha-[^/]*\.js$/.test(request.url())) altchaScripts.push(request.url());
    });
    await page.goto(`${server.baseURL}/register`);
    // Decision 031: until the page is used, a stand-in holds the widget's place and its script waits.
    await expect(page.getByText(ROBOT)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(altchaScripts).toEqual([]);
    await fillRegisterForm(page, { name: 'Ana Captcha', email: uniqueEmail('altcha'), password: PASSWORD });
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText(S01)).toBeVisible();
    await solveCaptcha(page);
    // Solving clears the earlier alert (spec section 4).
    await expect(page.getByText(S01)).toHaveCount(0);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  // Issue 12: the widget comes after the deployment's settings, then its script and styles; on a
  // phone the form must not move while they arrive (CLS below 0.1, as Lighthouse wants).
  test('the registration page does not shift while its captcha arrives', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await recordLayoutShifts(page);
    await delayAnswers(page, /\/api\/v1\/config$/);
    await page.goto(`${server.baseURL}/register`);
    await expect(page.getByText(ROBOT)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThan(0.1);
    await context.close();
  });

  test('the contact form thanks the visitor and the message arrives by mail', async ({ page }) => {
    await page.goto(`${server.baseURL}/contact`);
    // Ticked first thing, the stand-in loads the widget and starts it, as the widget's own box would.
    await solveCaptcha(page);
    await page.getByLabel('Nome').fill('Ana Contato');
    await page.getByLabel('E-mail').fill('ana.contato@example.com');
    await page.getByLabel('Mensagem').fill('Quero sugerir uma categoria de vinhos.');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Agradecemos pelo seu contato! Sua mensagem foi recebida, e em breve nossa equipe entrará em contato com você.',
    );
    // The server's own mail worker delivers it to the loopback SMTP server (beside the
    // verification mails of this server's registrations, decision 039).
    const toTeam = () => inbox.mails.filter((mail) => mail.to === TEAM);
    await expect.poll(() => toTeam().length, { timeout: 15_000 }).toBe(1);
    expect(toTeam()[0]).toMatchObject({
      replyTo: 'ana.contato@example.com',
      subject: 'Contato pelo site: Ana Contato',
    });
    expect(toTeam()[0]?.text).toContain('Quero sugerir uma categoria de vinhos.');
  });
});
