import '../texts';
import type { TasteItem, TasteShare } from '@acervo/contract/taste';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { Loading } from '../../../components/ui/loading';
import { PromptCard, SignInLinks } from '../../../components/ui/prompt-card';
import { ShareButton } from '../../../components/ui/share-button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessageKey, isNotFound } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { formatRating } from '../../../lib/format';
import { useSharedTaste } from '../hooks/use-taste';

const words = { interpolation: { escapeValue: false } } as const;

function SharedTasteCard({ share }: { share: TasteShare }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const rating = (value: number) => formatRating(value, i18n.language);
  const names = { owner: share.owner.name, other: share.other.name, ...words };
  const heading = t('taste.sharedHeading', { ...names, match: share.match });
  useDocumentTitle(heading);
  const agreement = (item: TasteItem) =>
    item.my_rating === item.their_rating
      ? t('taste.sharedSame', { name: item.name, rating: rating(item.my_rating), ...words })
      : t('taste.sharedClose', {
          name: item.name,
          mine: rating(item.my_rating),
          theirs: rating(item.their_rating),
          ...names,
        });
  return (
    <PromptCard>
      <h1 className="h3 mb-1">{heading}</h1>
      <p className="display-3 fw-bold text-primary mb-1" aria-hidden="true">
        {share.match}%
      </p>
      <p className="text-body-secondary">{t('taste.sharedInCommon', { count: share.items_in_common })}</p>
      {share.agreements.length > 0 && (
        <>
          <h2 className="h6">{t('taste.sharedAgreementsHeading')}</h2>
          <ul className="mb-3">
            {share.agreements.map((item) => (
              <li key={item.name} className="text-break">
                {agreement(item)}
              </li>
            ))}
          </ul>
        </>
      )}
      {share.disagreement && (
        <>
          <h2 className="h6">{t('taste.sharedDisagreementHeading')}</h2>
          <p className="text-break">
            {t('taste.sharedDisagreement', {
              name: share.disagreement.name,
              mine: rating(share.disagreement.my_rating),
              theirs: rating(share.disagreement.their_rating),
              ...names,
            })}
          </p>
        </>
      )}
      <div className="d-flex flex-wrap gap-2 mt-4">
        <ShareButton title={heading} path={`/taste/${share.id}`} className="btn btn-primary" />
        {user ? (
          <>
            <Link to={`/profile/${share.owner.id}`} className="btn btn-light">
              {share.owner.name}
            </Link>
            <Link to={`/profile/${share.other.id}`} className="btn btn-light">
              {share.other.name}
            </Link>
          </>
        ) : null}
      </div>
      {user ? null : (
        <>
          <p className="mt-4 mb-2">{t('taste.sharedInvite')}</p>
          <SignInLinks className="d-flex flex-wrap gap-2" />
        </>
      )}
    </PromptCard>
  );
}

/**
 * `/taste/{id}` (issue 26): a match someone shared, for anyone, from both people's public
 * collections. The server gives the page its own preview tags and picture; a link taken down (or
 * whose people opted out, blocked each other or were suspended) says only that it is gone.
 */
export function SharedTaste({ id }: { id: string }) {
  const { t } = useTranslation();
  const share = useSharedTaste(id);
  if (share.isPending) return <Loading />;
  if (share.isError)
    return (
      <PromptCard>
        <ErrorState
          message={t(errorMessageKey(share.error, 'tasteShareLoad'))}
          onRetry={isNotFound(share.error) ? undefined : () => void share.refetch()}
        />
      </PromptCard>
    );
  return <SharedTasteCard share={share.data} />;
}
