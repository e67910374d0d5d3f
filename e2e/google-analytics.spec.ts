import { expect, test, type Page } from '@playwright/test';
import { startGoogleIssuer } from '../apps/api/src/test/google-issuer.ts';
import { CLIENT_ID, standInGoogleScript } from './google-stand-in.ts';
import { startOwnServer } from './own-server.ts';
import { withoutLiveEvents } from './support.ts';

/** Requests the page makes to Google's hosts (none of them reach the internet). */
function countGoogleRequests(page: Page, pattern: RegExp, body = '') {
  const urls: string[] = [];
  return page
    .route(pattern, (route) => {
      urls.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'application/javascript', body });
    })
    .then(() => urls);
}

test('without GOOGLE_CLIENT_ID the login page shows no Google button and loads nothing from Google', async ({
  page,
}) => {
  const google = await countGoogleRequests(page, /accounts\.google\.com/);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Login com Google' })).toHaveCount(0);
  expect(google).toEqual([]);
});

test('Google sign-in verified by the server, and page views counted per route change until the opt-out', async ({
  page,
  request,
}) => {
  test.slow(); // a second server starts: slow on a busy machine
  await withoutLiveEvents(page);
  const issuer = await startGoogleIssuer(CLIENT_ID);
  const operator = 'operadora.google@gmail.com';
  const server = await startOwnServer({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_ISSUER: issuer.issuer,
    GOOGLE_JWKS_URL: issuer.jwksUrl,
    ADMIN_EMAILS: operator,
    CAPTCHA_PROVIDER: 'off',
  });
  try {
    const credential = await issuer.sign({ sub: '1122334455', email: operator, name: 'Olga Operadora' });
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/javascript',
        body: standInGoogleScript(credential),
      }),
    );

    await page.goto(`${server.baseURL}/login`);
    const google = page.getByRole('group', { name: 'Login com Google' });
    await expect(google).toBeVisible();
    await google.getByRole('button', { name: 'Fazer login com o Google' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olga Operadora');
    expect(issuer.jwksHits).toBe(1);
    const token = await page.evaluate(() => localStorage.getItem('token'));

    const views = async (path: string) => {
      const res = await request.get(`${server.baseURL}/api/v1/admin/pageviews?days=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status()).toBe(200);
      const rows = ((await res.json()) as { data: Array<{ path: string; views: number }> }).data;
      return rows.find((r) => r.path === path)?.views ?? 0;
    };
    // Navigating inside the app (no reloads): each route change is one view.
    await expect.poll(() => views('/profile')).toBe(1);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Suporte' }).first().click();
    await expect.poll(() => views('/help')).toBe(1);
    await footer.getByRole('link', { name: 'Política de privacidade' }).click();
    await expect.poll(() => views('/privacy-policy')).toBe(1);

    await page.getByRole('switch', { name: 'Incluir minhas visitas nas estatísticas' }).uncheck();
    await footer.getByRole('link', { name: 'Suporte' }).first().click();
    await expect(page).toHaveURL(/\/help$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Give a stray request the time to land, then check that nothing was counted.
    await page.waitForLoadState('networkidle');
    expect(await views('/help')).toBe(1);
  } finally {
    await server.stop();
    await issuer.close();
  }
});

test('with GA_MEASUREMENT_ID nothing goes to Google before the cookie notice is accepted', async ({
  page,
}) => {
  test.slow(); // a second server starts: slow on a busy machine
  const server = await startOwnServer({ GA_MEASUREMENT_ID: 'G-E2ETEST1', CAPTCHA_PROVIDER: 'off' });
  try {
    const google = await countGoogleRequests(page, /googletagmanager\.com|google-analytics\.com/);
    const ownCounter: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/pageview')) ownCounter.push(r.url());
    });
    await page.goto(`${server.baseURL}/`);
    const notice = page.getByRole('region', { name: 'Aviso de cookies' });
    await expect(notice).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Suporte' }).first().click();
    await expect(page).toHaveURL(/\/help$/);
    await page.waitForLoadState('networkidle');
    expect(google).toEqual([]);

    await notice.getByRole('button', { name: 'Aceitar' }).click();
    await expect(notice).toBeHidden();
    await expect.poll(() => google.length).toBeGreaterThan(0);
    expect(google[0]).toBe('https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1');
    expect(ownCounter).toEqual([]);
  } finally {
    await server.stop();
  }
});
