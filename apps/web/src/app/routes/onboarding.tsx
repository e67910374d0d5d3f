import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAuth } from '../../lib/auth';
import { addPortugueseTexts } from '../../lib/i18n';
import { onboarding } from '../../locales/pt/pages';

// The Portuguese texts of this page come with it, not in the first chunk (locales/types.ts).
addPortugueseTexts({ onboarding });

type Card = { title: string; body: string; action: string };
// "Explorar recomendações" opens the feed on its "Para você" tab (issue 11).
// Issue 27: or bring one's history from Letterboxd, Goodreads or a spreadsheet.
const TARGETS = ['/lists/create', '/feed?tab=para-voce', '/profile/update', '/account/import'];

/** Welcome after registration (spec section 2): three ways to start, and an import (issue 27). */
export function OnboardingPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('onboarding.pageTitle'));
  const cards = t('onboarding.cards', { returnObjects: true }) as Card[];
  return (
    <section className="container py-5">
      <div className="text-center mb-5">
        <h1 className="display-6 fw-bold">{t('onboarding.title', { name: user?.userName ?? '' })}</h1>
        <p className="lead text-body-secondary mb-0">{t('onboarding.subtitle')}</p>
      </div>
      <div className="row g-4">
        {cards.map((card, index) => (
          <div key={card.title} className="col-12 col-md-6 col-lg-3">
            <div className="card h-100 border-0 shadow-sm step-card">
              <div className="card-body p-4 d-flex flex-column">
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h2 className="h5 fw-semibold mt-3">{card.title}</h2>
                <p className="text-body-secondary flex-grow-1">{card.body}</p>
                <Link to={TARGETS[index] ?? '/profile'} className="btn btn-outline-primary align-self-start">
                  {card.action}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
