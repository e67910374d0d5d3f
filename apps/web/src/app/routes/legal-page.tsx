import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AnalyticsPreferences } from '../../features/analytics/components/analytics-preferences';
import { PageHeader } from '../../components/ui/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { addPortugueseTexts } from '../../lib/i18n';
import { useRemoteConfig } from '../../lib/remote-config';
import { legal } from '../../locales/pt/legal';

// The Portuguese texts of these pages come with them, not in the first chunk (locales/types.ts).
addPortugueseTexts({ legal });

/** A section may end with a link to the screen that does what it describes. */
type Section = { title: string; body: string; link?: { to: string; label: string } };

/** Privacy policy and terms: header, title, subtitle, then numbered sections from the catalogue. */
export function LegalPage({ document: which }: { document: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const { contact_email: email } = useRemoteConfig();
  useDocumentTitle(t(`legal.${which}.pageTitle`));
  const sections = t(`legal.${which}.sections`, {
    returnObjects: true,
    email,
  }) as Section[];
  return (
    <>
      <PageHeader narrow title={t(`legal.${which}.title`)} subtitle={t(`legal.${which}.subtitle`)}>
        <p className="small text-body-secondary mt-3 mb-0">
          {t('legal.updatedAt', { date: t('legal.updatedDate') })}
        </p>
      </PageHeader>
      <article className="container py-5 narrow-page legal-text">
        {sections.map((section, index) => (
          <section key={section.title} className="mb-4">
            <h2 className="h5 fw-semibold">
              {index + 1}. {section.title}
            </h2>
            <p className="mb-0">{section.body}</p>
            {section.link ? (
              <Link to={section.link.to} className="btn btn-outline-primary btn-sm mt-2">
                {section.link.label}
              </Link>
            ) : null}
          </section>
        ))}
      </article>
      {which === 'privacy' ? <AnalyticsPreferences /> : null}
    </>
  );
}
