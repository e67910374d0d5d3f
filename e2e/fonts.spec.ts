import { expect, test } from '@playwright/test';

/**
 * Whichever Chromium runs the journeys (Debian's or the one inside an npm package, on a machine
 * that may have no fonts at all), Portuguese text must render with real glyphs, not empty boxes.
 * Each letter is drawn alone in the page's heading font and compared pixel by pixel: an accented
 * letter must look different from its base letter and from the missing-glyph box.
 */
test('Portuguese accents render with real glyphs in the page font', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preferências que conectam pessoas.');
  const result = await page.evaluate(() => {
    const font = getComputedStyle(document.querySelector('h1')!).font;
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 96;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const draw = (text: string) => {
      context.clearRect(0, 0, 96, 96);
      context.font = font.replace(/\d+(\.\d+)?px/, '48px');
      context.fillText(text, 16, 64);
      const alpha = context.getImageData(0, 0, 96, 96).data.filter((_, i) => i % 4 === 3);
      return { ink: alpha.reduce((sum, a) => sum + a, 0), key: alpha.join(',') };
    };
    // Two private-use code points no font has: both are drawn as the same missing-glyph box.
    const missing = draw('\uE000');
    return {
      missingIsStable: missing.key === draw('\uE001').key,
      letters: ['ç/c', 'ã/a', 'é/e', 'õ/o', 'Á/A', 'ê/e', 'í/i', 'ú/u'].map((pair) => {
        const [accented, base] = pair.split('/') as [string, string];
        const a = draw(accented);
        const b = draw(base);
        return {
          pair,
          inked: a.ink > 0,
          differsFromBase: a.key !== b.key,
          differsFromMissing: a.key !== missing.key && b.key !== missing.key,
        };
      }),
    };
  });
  expect(result.missingIsStable).toBe(true);
  for (const letter of result.letters) {
    expect(letter).toEqual({
      pair: letter.pair,
      inked: true,
      differsFromBase: true,
      differsFromMissing: true,
    });
  }
});
