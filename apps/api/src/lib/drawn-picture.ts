import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori, { type Font } from 'satori';
import sharp from 'sharp';

/**
 * Pictures drawn on the server (decision 050: the share links' previews): a tree of boxes laid out
 * by satori, text drawn as shapes with the Inter fonts below (so the server needs no fonts of its
 * own), made a PNG by sharp.
 */

const require = createRequire(import.meta.url);
/** Inter's subsets: the first is the font, the others lend the letters it lacks. */
const SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'cyrillic', 'greek'] as const;
const family = (subset: (typeof SUBSETS)[number]) => `Inter ${subset}`;
/** Names in Polish, Vietnamese, Russian, Greek... take their letters from the other subsets. */
export const FONT_FAMILY = SUBSETS.map(family).join(', ');
const font = (subset: (typeof SUBSETS)[number], weight: 400 | 700): Font => ({
  name: family(subset),
  weight,
  style: 'normal',
  data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
});
let fonts: Font[] | undefined;
// Read on first use: a process that never draws a picture never reads them.
const loadFonts = () => (fonts ??= SUBSETS.flatMap((subset) => [font(subset, 400), font(subset, 700)]));

export type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown } };
/** A flex box (satori lays out flex boxes only). */
export const div = (style: Record<string, unknown>, children?: unknown): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** Text cut to about `max` characters, with an ellipsis. */
export const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** A rating as Portuguese writes it: 4,5. */
export const ratingPt = (rating: number) => String(rating).replace('.', ',');

export async function drawPng(tree: Node, size: { width: number; height: number }): Promise<Buffer> {
  const svg = await satori(tree as Parameters<typeof satori>[0], { ...size, fonts: loadFonts() });
  return sharp(Buffer.from(svg)).png().toBuffer();
}
