import '../texts';
import type { CollectionReason, PersonReason } from '@acervo/contract/recommendation';
import { useTranslation } from 'react-i18next';
import { formatRating } from '../../../lib/format';
import type { TextKey } from '../../../lib/i18n';

/** The API sends a code and its parameters; the words and number formats are the reader's. */
function useFormats() {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatRating(value, i18n.language);
  const list = (items: string[]) =>
    items.length > 1
      ? `${items.slice(0, -1).join(', ')} ${t('recommendations.and')} ${items.at(-1)}`
      : (items[0] ?? '');
  return { t, number, list };
}

function collectionReasonKey(reason: CollectionReason): [TextKey, Record<string, unknown>] {
  switch (reason.code) {
    case 'because_you':
      return [
        `recommendations.reason.because_you_${reason.params.signal}`,
        { name: reason.params.collection_name },
      ];
    case 'similar_to':
      return ['recommendations.reason.similar_to', { name: reason.params.collection_name }];
    case 'followed_liked':
      return ['recommendations.reason.followed_liked', { count: reason.params.count }];
    case 'rated_item':
      return ['recommendations.reason.rated_item', { item: reason.params.item_name }];
    case 'popular_in_category':
      return ['recommendations.reason.popular_in_category', { category: reason.params.category_name }];
    case 'popular':
      return ['recommendations.reason.popular', {}];
  }
}

/** "Porque você curtiu Filmes para chorar", "3 pessoas que você segue curtiram", ... */
export function CollectionReasonText({ reason }: { reason: CollectionReason }) {
  const { t, number } = useFormats();
  const [key, params] = collectionReasonKey(reason);
  const rating = reason.code === 'rated_item' ? { rating: number(reason.params.rating) } : {};
  // Names are data, not markup: interpolation must not escape them a second time (React does).
  return <>{t(key, { ...params, ...rating, interpolation: { escapeValue: false } })}</>;
}

/** "Vocês deram 4,5 para Central do Brasil e Cidade de Deus", "3 coleções de Restaurantes em comum". */
export function PersonReasonText({ reason }: { reason: PersonReason }) {
  const { t, number, list } = useFormats();
  const raw = { interpolation: { escapeValue: false } };
  switch (reason.code) {
    case 'rated_alike':
      return reason.params.rating === null ? (
        <>{t('recommendations.person.rated_alike', { items: list(reason.params.items), ...raw })}</>
      ) : (
        <>
          {t('recommendations.person.rated_alike_same', {
            items: list(reason.params.items),
            rating: number(reason.params.rating),
            ...raw,
          })}
        </>
      );
    case 'shared_collections':
      return reason.params.category_name ? (
        <>
          {t('recommendations.person.shared_collections_category', {
            count: reason.params.count,
            category: reason.params.category_name,
            ...raw,
          })}
        </>
      ) : (
        <>{t('recommendations.person.shared_collections', { count: reason.params.count })}</>
      );
    case 'shared_follows':
      return <>{t('recommendations.person.shared_follows', { count: reason.params.count })}</>;
    case 'popular':
      return <>{t('recommendations.person.popular')}</>;
  }
}
