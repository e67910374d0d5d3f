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
    // A missing asset is a 404 error body, never a map.
    expect(map.status()).toBe(404);
    expect(await map.text()).not.toContain('"mappings"');
  }
});
