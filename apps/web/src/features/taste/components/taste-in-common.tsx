import '../texts';
import type { TasteItem } from '@acervo/contract/taste';
import { useTranslation } from 'react-i18next';
import { formatRating } from '../../../lib/format';
import { useTaste } from '../hooks/use-taste';

/**
 * "Gosto em comum" on another person's profile (issue 26): how well the viewer's ratings match
 * theirs and why. Nothing while it loads or when it is hidden (a 404: a block, or either person
 * opted out of sharing activity).
 */
export function TasteInCommon({ userId, personName }: { userId: string; personName: string }) {
  const { t, i18n } = useTranslation();
  const { data: taste } = useTaste(userId);
  if (!taste) return null;
  const rating = (value: number) => formatRating(value, i18n.language);
  const words = { interpolation: { escapeValue: false } } as const;
  const agreement = (item: TasteItem) =>
    item.my_rating === item.their_rating
      ? t('taste.same', { name: item.name, rating: rating(item.my_rating), ...words })
      : t('taste.close', {
          name: item.name,
          mine: rating(item.my_rating),
          theirs: rating(item.their_rating),
          person: personName,
          ...words,
        });
  return (
    <section aria-labelledby="taste-heading" className="card mb-4">
      <div className="card-body">
        <h2 id="taste-heading" className="h5 card-title">
          {t('taste.heading')}
        </h2>
        <p className="fs-4 fw-semibold mb-1">
          {taste.match === null ? t('taste.tooFew') : t('taste.match', { match: taste.match })}
        </p>
        <p className="text-body-secondary">{t('taste.inCommon', { count: taste.items_in_common })}</p>
        {taste.agreements.length > 0 && (
          <>
            <h3 className="h6">{t('taste.agreementsHeading')}</h3>
            <ul className="mb-3">
              {taste.agreements.map((item) => (
                <li key={item.name} className="text-break">
                  {agreement(item)}
                </li>
              ))}
            </ul>
          </>
        )}
        {taste.disagreement && (
          <>
            <h3 className="h6">{t('taste.disagreementHeading')}</h3>
            <p className="mb-0 text-break">
              {t('taste.disagreement', {
                name: taste.disagreement.name,
                mine: rating(taste.disagreement.my_rating),
                theirs: rating(taste.disagreement.their_rating),
                person: personName,
                ...words,
              })}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
