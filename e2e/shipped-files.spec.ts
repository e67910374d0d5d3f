import { expect, test } from '@playwright/test';

/**
 * What the built web app ships (issue 14): its source maps published the whole source (4.5 MB of
 * `.map` files). A script neither points at a map nor has one beside it.
 */
test('the served scripts carry no source maps', async ({ request }) => {
  const page = await request.get('/');
  const scripts = [...(await page.text()).matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    expect(await (await request.get(src)).text()).not.toContain('sourceMappingURL');
    const map = await request.get(`${src}.map`);
    // Unknown paths get the web app's page (SPA fallback), never a map.
    expect(map.headers()['content-type'] ?? '').not.toContain('json');
    expect(await map.text()).not.toContain('"mappings"');
  }
});
