import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TasteShare } from '@acervo/contract/taste';
import satori, { type Font } from 'satori';
import sharp from 'sharp';

/**
 * The preview picture of a shared match (`/taste/{id}/card.png`, 1200×630 as Open Graph asks):
 * the two names, the match, and what they agree on, drawn by satori (text laid out as shapes with
 * the fonts below, so the server needs no fonts of its own) and made a PNG by sharp.
 */
export const TASTE_CARD_SIZE = { width: 1200, height: 630 };

const require = createRequire(import.meta.url);
/** Inter's subsets: the first is the card's font, the others lend the letters it lacks. */
const SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'cyrillic', 'greek'] as const;
const family = (subset: (typeof SUBSETS)[number]) => `Inter ${subset}`;
const font = (subset: (typeof SUBSETS)[number], weight: 400 | 700): Font => ({
  name: family(subset),
  weight,
  style: 'normal',
  data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
});
let fonts: Font[] | undefined;
// Read on first use: a process that never draws a card never reads them.
const loadFonts = () => (fonts ??= SUBSETS.flatMap((subset) => [font(subset, 400), font(subset, 700)]));

/** One line: cut to about what fits, then clipped by the box where a wide text still would not. */
const LINE = { maxWidth: 1056, overflow: 'hidden', whiteSpace: 'nowrap', flexShrink: 0 };
const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown } };
const div = (style: Record<string, unknown>, children?: unknown): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

const AGREEMENTS_ON_CARD = 3;

/** A rating as Portuguese writes it: 4,5. */
export const ratingPt = (rating: number) => String(rating).replace('.', ',');

export async function renderTasteCard(share: TasteShare): Promise<Buffer> {
  const agreements = share.agreements
    .slice(0, AGREEMENTS_ON_CARD)
    .map((item) =>
      div(
        { ...LINE, fontSize: 30, color: '#efeaff', marginTop: 8 },
        item.my_rating === item.their_rating
          ? `${cut(item.name, 45)}: os dois deram ${ratingPt(item.my_rating)}`
          : `${cut(item.name, 45)}: ${ratingPt(item.my_rating)} e ${ratingPt(item.their_rating)}`,
      ),
    );
  const tree = div(
    {
      width: TASTE_CARD_SIZE.width,
      height: TASTE_CARD_SIZE.height,
      flexDirection: 'column',
      padding: '56px 72px',
      background: '#5b3cc4',
      color: '#ffffff',
      // Names in Polish, Vietnamese, Russian, Greek... take their letters from the other subsets.
      fontFamily: SUBSETS.map(family).join(', '),
    },
    [
      div({ fontSize: 34, fontWeight: 700, color: '#ffd166' }, 'Acervo'),
      div({ flexDirection: 'column', marginTop: 64 }, [
        div(
          { ...LINE, fontSize: 48, fontWeight: 700 },
          `${cut(share.owner.name, 20)} e ${cut(share.other.name, 20)}`,
        ),
        div({ alignItems: 'baseline', marginTop: 8 }, [
          div({ fontSize: 150, fontWeight: 700, lineHeight: 1 }, `${share.match}%`),
          div({ fontSize: 40, marginLeft: 24 }, 'de gosto em comum'),
        ]),
      ]),
      div({ flexDirection: 'column', marginTop: 40 }, agreements),
    ],
  );
  const svg = await satori(tree as Parameters<typeof satori>[0], { ...TASTE_CARD_SIZE, fonts: loadFonts() });
  return sharp(Buffer.from(svg)).png().toBuffer();
}
