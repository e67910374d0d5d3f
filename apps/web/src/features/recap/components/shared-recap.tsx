import '../texts';
import type { Recap } from '@acervo/contract/recap';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { Loading } from '../../../components/ui/loading';
import { PromptCard, SignInLinks } from '../../../components/ui/prompt-card';
import { ShareButton } from '../../../components/ui/share-button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessageKey, isNotFound } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useSharedRecap } from '../hooks/use-recap';
import { RecapFigures } from './recap-figures';

function SharedRecapPage({ id, recap }: { id: string; recap: Recap }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const heading = t('recap.headingOf', {
    name: recap.person.name,
    year: recap.year,
    interpolation: { escapeValue: false },
  });
  useDocumentTitle(heading);
  return (
    <div className="container py-4 py-lg-5 narrow-page">
      <h1 className="h2 mb-1">{heading}</h1>
      <p className="text-body-secondary">{t('recap.othersNote')}</p>
      <div className="mt-4">
        <RecapFigures recap={recap} links={user !== null} />
      </div>
      <div className="d-flex flex-wrap gap-2 mt-4">
        <ShareButton title={heading} path={`/recap/${id}`} className="btn btn-primary" />
      </div>
      {user ? null : (
        <div className="mt-4">
          <p className="mb-2">{t('recap.sharedInvite')}</p>
          <SignInLinks className="d-flex flex-wrap gap-2" />
        </div>
      )}
    </div>
  );
}

/**
 * `/recap/{id}` (issue 28): a year someone shared, for anyone, from their public collections. The
 * server gives the page its own preview tags and picture; a link taken down (or whose owner opted
 * out of sharing activity or was suspended) says only that it is gone.
 */
export function SharedRecap({ id }: { id: string }) {
  const { t } = useTranslation();
  const recap = useSharedRecap(id);
  if (recap.isPending) return <Loading />;
  if (recap.isError)
    return (
      <PromptCard>
        <ErrorState
          message={t(errorMessageKey(recap.error, 'recapShareLoad'))}
          onRetry={isNotFound(recap.error) ? undefined : () => void recap.refetch()}
        />
      </PromptCard>
    );
  return <SharedRecapPage id={id} recap={recap.data} />;
}
