import { expect, test } from '@playwright/test';
import { startOwnServer } from './own-server.ts';

// The same build served with another CONTACT_EMAIL shows that address: nothing is baked in.
test('the contact address comes from the server the build runs on', async ({ page }) => {
  // Starting a second server takes longer than a test's 30 s while other journeys load the machine.
  test.setTimeout(90_000);
  const server = await startOwnServer({ CONTACT_EMAIL: 'fale@exemplo.com.br' });
  try {
    await page.goto(`${server.baseURL}/contact`);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'fale@exemplo.com.br' })).toHaveAttribute(
      'href',
      'mailto:fale@exemplo.com.br',
    );
  } finally {
    await server.stop();
  }
});
