import { expect, test } from '@playwright/test';
import { apiAs, signUp } from './support.ts';

/**
 * Issue 12: Lighthouse's best practices hold a page to no issue in Chromium's Issues panel
 * (`inspector-issues`) and no error in the console. The pages with forms and the visitor's
 * collection page once reported a Content-Security-Policy violation (zod probing for eval).
 */
test('the sign-in pages and a shared collection report no issue and no console error', async ({
  page,
  request,
}) => {
  const owner = await signUp(request, 'Leo Limpo');
  const api = apiAs(request, owner);
  const collection = await api.createCollection({
    category_id: await api.categoryId('Filmes'),
    name: 'Sem avisos',
  });
  await api.createItem({ collection_id: collection.id, name: 'Central do Brasil' });

  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => issues.push(`${issue.code} ${JSON.stringify(issue.details)}`));
  await cdp.send('Audits.enable');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // What the page reports rather than logs (React's recoverable errors go to window.reportError):
  // Lighthouse counts it among the console's errors too.
  page.on('pageerror', (error) => errors.push(error.message));

  for (const [path, heading] of [
    ['/login', 'Acesse sua conta'],
    ['/register', 'Crie sua conta'],
    [`/c/${collection.id}`, 'Sem avisos'],
    // Drawn by the server (decision 037), then hydrated.
    [`/lists/${collection.id}`, 'Sem avisos'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(issues).toEqual([]);
  expect(errors).toEqual([]);
});
