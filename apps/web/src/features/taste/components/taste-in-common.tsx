import '../texts';
import type { TasteItem } from '@acervo/contract/taste';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { ShareButton } from '../../../components/ui/share-button';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { formatRating } from '../../../lib/format';
import { useTaste, useTasteShare } from '../hooks/use-taste';

/**
 * The match's public link: created on request (public collections only, as the hint says), then
 * shared like a collection, opened, or removed.
 */
function TasteShareControls({
  userId,
  personName,
  match,
  shareId,
}: {
  userId: string;
  personName: string;
  match: number;
  shareId: string | null;
}) {
  const { t } = useTranslation();
  const { share, unshare } = useTasteShare(userId);
  const alert = useFormAlert();
  return (
    <div className="mt-3 pt-3 border-top">
      <FormAlert messageKey={alert.key} />
      <p className="small text-body-secondary">{t('taste.shareHint')}</p>
      {shareId === null ? (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={share.isPending}
          onClick={() => void alert.attempt('tasteShare', () => share.mutateAsync())}
        >
          {t('taste.share')}
        </button>
      ) : (
        <div className="d-flex flex-wrap align-items-start gap-2">
          <ShareButton
            title={t('taste.shareTitle', {
              person: personName,
              match,
              interpolation: { escapeValue: false },
            })}
            path={`/taste/${shareId}`}
            className="btn btn-primary btn-sm"
          />
          <Link to={`/taste/${shareId}`} className="btn btn-light btn-sm">
            {t('taste.viewShared')}
          </Link>
          <button
            type="button"
            className="btn btn-link btn-sm"
            disabled={unshare.isPending}
            onClick={() => void alert.attempt('tasteUnshare', () => unshare.mutateAsync())}
          >
            {t('taste.unshare')}
          </button>
        </div>
      )}
    </div>
  );
}

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
        {taste.match !== null && (
          <TasteShareControls
            userId={userId}
            personName={personName}
            match={taste.match}
            shareId={taste.share_id}
          />
        )}
      </div>
    </section>
  );
}
