import type { TasteShare } from '@acervo/contract/taste';
import { cut, div, drawPng, FONT_FAMILY, ratingPt } from '../../lib/drawn-picture.ts';

/**
 * The preview picture of a shared match (`/taste/{id}/card.png`, 1200×630 as Open Graph asks):
 * the two names, the match, and what they agree on (see lib/drawn-picture.ts).
 */
export const TASTE_CARD_SIZE = { width: 1200, height: 630 };

/** One line: cut to about what fits, then clipped by the box where a wide text still would not. */
const LINE = { maxWidth: 1056, overflow: 'hidden', whiteSpace: 'nowrap', flexShrink: 0 };

const AGREEMENTS_ON_CARD = 3;

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
      fontFamily: FONT_FAMILY,
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
  return drawPng(tree, TASTE_CARD_SIZE);
}
