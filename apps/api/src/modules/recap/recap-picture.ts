import type { Recap } from '@acervo/contract/recap';
import { cut, div, drawPng, FONT_FAMILY, ratingPt } from '../../lib/drawn-picture.ts';

/** The preview (Open Graph, 1200×630) and the picture for stories (1080×1920) of a shared year. */
export const RECAP_PICTURE_SIZES = {
  card: { width: 1200, height: 630 },
  story: { width: 1080, height: 1920 },
} as const;
export type RecapPictureKind = keyof typeof RECAP_PICTURE_SIZES;

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

const line = (width: number) => ({
  maxWidth: width,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  flexShrink: 0,
});

/** The year's figures as the picture tells them, in Portuguese (the site's first language). */
function facts(recap: Recap): string[] {
  return [
    `${recap.items_rated} ${recap.items_rated === 1 ? 'item avaliado' : 'itens avaliados'}`,
    `${recap.collections_made} ${recap.collections_made === 1 ? 'coleção criada' : 'coleções criadas'}`,
    ...(recap.busiest_month ? [`Mês mais animado: ${MONTHS[recap.busiest_month.month - 1]}`] : []),
    ...(recap.best_match ? [`Gosto mais parecido: ${cut(recap.best_match.name, 28)}`] : []),
  ];
}

export async function renderRecapPicture(recap: Recap, kind: RecapPictureKind): Promise<Buffer> {
  const size = RECAP_PICTURE_SIZES[kind];
  const story = kind === 'story';
  const pad = story ? 96 : 64;
  const width = size.width - 2 * pad;
  const top = recap.top_items.slice(0, story ? 5 : 3);
  const tree = div(
    {
      width: size.width,
      height: size.height,
      flexDirection: 'column',
      padding: `${story ? 120 : 56}px ${pad}px`,
      background: '#5b3cc4',
      color: '#ffffff',
      fontFamily: FONT_FAMILY,
    },
    [
      div({ fontSize: story ? 44 : 32, fontWeight: 700, color: '#ffd166' }, 'Acervo'),
      div(
        { ...line(width), fontSize: story ? 80 : 52, fontWeight: 700, marginTop: story ? 80 : 28 },
        `${cut(recap.person.name, story ? 22 : 30)}`,
      ),
      div({ fontSize: story ? 56 : 36, marginTop: 8, color: '#efeaff' }, `Seu ano no Acervo ${recap.year}`),
      div(
        { flexDirection: story ? 'column' : 'row', flexWrap: 'wrap', marginTop: story ? 72 : 28 },
        facts(recap).map((fact) =>
          div(
            {
              ...line(story ? width : width / 2 - 16),
              fontSize: story ? 44 : 28,
              marginTop: 12,
              marginRight: 32,
            },
            fact,
          ),
        ),
      ),
      top.length
        ? div({ flexDirection: 'column', marginTop: story ? 96 : 28 }, [
            div({ fontSize: story ? 40 : 26, color: '#ffd166', fontWeight: 700 }, 'As melhores notas'),
            ...top.map((item) =>
              div(
                { ...line(width), fontSize: story ? 44 : 28, marginTop: story ? 20 : 6 },
                `${ratingPt(item.rating)} · ${cut(item.name, story ? 34 : 48)}`,
              ),
            ),
          ])
        : div({}, ''),
    ],
  );
  return drawPng(tree, size);
}
