import { expect, test, type Page } from '@playwright/test';
import { PHONE, layoutShift, recordLayoutShifts } from './layout-shift.ts';
import { PASSWORD, countRemovedNodes, registerThroughApi, removedNodes, uniqueEmail } from './support.ts';

/**
 * Decision 042: React hydrates a prerendered page (decision 030) with the layout's header, page
 * and footer as Suspense boundaries, each hydrated on its own, the one the visitor touches first.
 * These journeys check that the page comes out whole and working, and that what the visitor did
 * before the app's scripts ran is kept.
 */

/** One of each part of the layout, and nothing of it twice. */
async function expectOneOfEachPart(page: Page): Promise<void> {
  expect(
    await page.evaluate(() =>
      ['nav.site-header', 'main#main', 'footer.site-footer', '#root > div'].map(
        (selector) => document.querySelectorAll(selector).length,
      ),
    ),
  ).toEqual([1, 1, 1, 1]);
}

/** Holds the app's entry script, as on a slow connection, until the function returned is called. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a sign-in typed before the app takes over is kept, and signs in', async ({ page, request }) => {
  const email = uniqueEmail('passos');
  await registerThroughApi(request, 'Paula Passos', email);
  await page.setViewportSize(PHONE);
  await recordLayoutShifts(page);
  await countRemovedNodes(page);
  // The app's entry script waits until the visitor has typed.
  const typed = await holdEntryScript(page);

  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  typed();

  // The submit button is enabled once React has hydrated the form.
  const submit = page.getByRole('button', { name: 'Entrar', exact: true });
  await expect(submit).toBeEnabled();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('Senha')).toHaveValue(PASSWORD);
  // Adopting the markup moved nothing. (Measured before the menu below opens: its opening pushes
  // the page down by design, and on a busy machine its animation outlasts the 500 ms after a tap
  // within which the browser does not count a shift.)
  expect(await layoutShift(page)).toBe(0);

  // The menu opens on a phone, at the first tap even if the header is still being hydrated (the
  // head script holds a tap made before the app runs, and the app replays it).
  const toggle = page.getByRole('button', { name: 'Abrir o menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await expectOneOfEachPart(page);
  expect(await removedNodes(page)).toBe(0);
  // The ids the app gives the fields must be the ones the server wrote, which a refused field
  // points by.
  const password = page.getByLabel('Senha');
  await password.fill('');
  await submit.click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-describedby', `${await password.getAttribute('id')}-error`);
  await password.fill(PASSWORD);

  await submit.click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paula Passos');
});

test("'Lembrar' unchecked before the app takes over keeps the session in this tab only", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('lembrete');
  await registerThroughApi(request, 'Lia Lembrete', email);
  const typed = await holdEntryScript(page);

  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  // On a shared computer, before the app's scripts have run.
  await page.getByLabel('Lembrar').uncheck();
  typed();

  const submit = page.getByRole('button', { name: 'Entrar', exact: true });
  await expect(submit).toBeEnabled();
  await expect(page.getByLabel('Lembrar')).not.toBeChecked();
  await submit.click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
});

test("a tap on the footer's language switch before the app has hydrated is kept", async ({ page }) => {
  await page.setViewportSize(PHONE);
  // The app's entry script waits until the visitor has tapped.
  const tapped = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preferências que conectam pessoas.');

  // The head script holds the tap, and the app replays it once React hydrates (decision 044).
  await page.getByRole('button', { name: 'English' }).click();
  tapped();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preferences that connect people.');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectOneOfEachPart(page);
});
