import '../texts';
import { useTranslation } from 'react-i18next';
import { SignInLinks } from '../../../components/ui/prompt-card';

/**
 * Under a public collection or one of its items, for a visitor without an account: what an
 * account adds.
 */
export function JoinCallout() {
  const { t } = useTranslation();
  return (
    <section className="container pb-5" aria-labelledby="join-title">
      <div className="card border-0 shadow-sm">
        <div className="card-body p-4 d-flex flex-column flex-md-row gap-3 align-items-md-center">
          <div className="flex-grow-1">
            <h2 id="join-title" className="h5 mb-1">
              {t('collections.view.join.title')}
            </h2>
            <p className="mb-0 text-body-secondary">{t('collections.view.join.text')}</p>
          </div>
          {/* Signing up from a shared collection brings the new member back to it. */}
          <SignInLinks className="d-flex flex-column flex-sm-row gap-2 flex-shrink-0" />
        </div>
      </div>
    </section>
  );
}
