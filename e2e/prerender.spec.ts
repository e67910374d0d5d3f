import { expect, test, type Page } from '@playwright/test';
import { PHONE, layoutShift, recordLayoutShifts } from './layout-shift.ts';
import { countRemovedNodes, removedNodes, signUp } from './support.ts';

/**
 * Decision 030: the server sends `/`, `/login`, `/register` and `/help` as HTML the build rendered
 * from the app's own components (signed out, Portuguese), so they paint before any script runs;
 * the script then adopts that markup instead of drawing the page again.
 */
const PAGES = [
  {
    path: '/',
    heading: 'Preferências que conectam pessoas.',
    title: 'Preferências que conectam pessoas · Acervo',
  },
  { path: '/login', heading: 'Acesse sua conta', title: 'Entrar · Acervo' },
  { path: '/register', heading: 'Crie sua conta', title: 'Criar conta · Acervo' },
  { path: '/help', heading: 'Central de ajuda', title: 'Ajuda · Acervo' },
];

test('each prerendered page reads without JavaScript, with its own title', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, heading, title } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(title);
  }
  // The shell of a page that is not prerendered is empty until its script runs.
  await page.goto('/contact');
  await expect(page.locator('#root')).toBeEmpty();
  await context.close();
});

test('with JavaScript the page adopts its markup: it works, nothing is redrawn or moves', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await recordLayoutShifts(page);
  await countRemovedNodes(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  // The accordion opens another answer: the page's own handlers are attached.
  await page.goto('/help');
  await page.waitForLoadState('networkidle');
  const answer = page.getByText('Sim. As coleções podem ser colaborativas');
  await expect(answer).toBeHidden();
  await page.getByRole('button', { name: 'Posso montar uma coleção com outras pessoas?' }).click();
  await expect(answer).toBeVisible();
  expect(await removedNodes(page)).toBe(0);
  expect(await layoutShift(page)).toBe(0);

  // The landing's link is the router's: the sign-in page opens without loading a document.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await page.getByRole('main').getByRole('link', { name: 'Já tenho conta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acesse sua conta' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect(await layoutShift(page)).toBe(0);
  expect(errors).toEqual([]);
});

test('on a slow phone, what is typed before the app takes over is kept, in the very fields the server drew', async ({
  page,
}) => {
  // Six page loads at a sixth of this machine's speed.
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A phone six times slower than this machine: the settings' answer can arrive before a part of
  // the page has hydrated, which must still find the server's markup (decision 044); a mismatch
  // would make React draw that part again, with empty fields.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (const round of [1, 2, 3]) {
    for (const path of ['/register', '/login']) {
      // Scripts loaded: the app is taking over, part by part, while the visitor types.
      await page.goto(path);
      const typed = `eva${round}@example.com`;
      const field = page.getByLabel('E-mail');
      await field.fill(typed);
      // A mark on the element itself, which a field drawn again would not have.
      await field.evaluate((element) => Object.assign(element, { drawnByServer: true }));
      const submit = page.getByRole('button', {
        name: path === '/register' ? 'Criar conta' : 'Entrar',
        exact: true,
      });
      await expect(submit).toBeEnabled();
      await expect(field).toHaveValue(typed);
      expect(await field.evaluate((element) => 'drawnByServer' in element), path).toBe(true);
    }
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(errors).toEqual([]);
});

/**
 * Records, before every frame the browser paints, whether the prerendered Portuguese heading or
 * the visitor's 'Cadastre-se' button is on screen.
 */
async function recordPaintedVisitorMarkup(page: Page, heading: string): Promise<void> {
  await page.addInitScript((portugueseHeading) => {
    const seen = { heading: false, visitorNav: false, frames: 0 };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const visible = (element: Element | null | undefined) => Boolean(element?.checkVisibility());
    const frame = () => {
      seen.frames += 1;
      const h1 = [...document.querySelectorAll('h1')].find((h) => h.textContent === portugueseHeading);
      if (visible(h1)) seen.heading = true;
      if (visible(document.querySelector('nav.site-header a[href="/register"]'))) seen.visitorNav = true;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, heading);
}

const painted = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __seen: { heading: boolean; visitorNav: boolean; frames: number } }).__seen,
  );

test('an English reader and a signed-in reader never see the prerendered page first', async ({
  browser,
  request,
}) => {
  const english = await browser.newContext();
  await english.addInitScript(() => window.localStorage.setItem('language', 'en'));
  const englishPage = await english.newPage();
  await recordPaintedVisitorMarkup(englishPage, 'Acesse sua conta');
  await englishPage.goto('/login');
  await expect(englishPage.getByRole('heading', { level: 1, name: 'Log in to your account' })).toBeVisible();
  await expect(englishPage).toHaveTitle('Log in · Acervo');
  const seenInEnglish = await painted(englishPage);
  expect(seenInEnglish.frames).toBeGreaterThan(0);
  expect(seenInEnglish.heading).toBe(false);
  await english.close();

  const session = await signUp(request, 'Pri Renderizada');
  const signedIn = await browser.newContext();
  await signedIn.addInitScript((s) => {
    window.localStorage.setItem('token', s.token);
    window.localStorage.setItem('user_id', s.userId);
    window.localStorage.setItem('user_name', s.name);
    window.localStorage.setItem('user_email', s.email);
  }, session);
  const signedInPage = await signedIn.newPage();
  await recordPaintedVisitorMarkup(signedInPage, '');
  await signedInPage.goto('/');
  // Where a signed-in reader lands on / today: the landing, under the signed-in header.
  await expect(signedInPage.getByRole('link', { name: 'Feed' })).toBeVisible();
  await expect(signedInPage.getByRole('heading', { level: 1, name: PAGES[0]!.heading })).toBeVisible();
  const seenSignedIn = await painted(signedInPage);
  expect(seenSignedIn.frames).toBeGreaterThan(0);
  expect(seenSignedIn.visitorNav).toBe(false);
  await signedIn.close();
});
