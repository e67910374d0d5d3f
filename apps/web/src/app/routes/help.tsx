import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { addPortugueseTexts } from '../../lib/i18n';
import { help } from '../../locales/pt/pages';

// The Portuguese texts of this page come with it, not in the first chunk (locales/types.ts).
addPortugueseTexts({ help });

type Faq = { q: string; a: string };

export function HelpPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('help.pageTitle'));
  const faq = t('help.faq', { returnObjects: true }) as Faq[];
  // One answer open at a time, the first to begin with. Bootstrap's accordion classes and this
  // state: react-bootstrap's Accordion brought its transition code (about 4 KB gzip) to this
  // page for answers that only show and hide (decision 034).
  const [open, setOpen] = useState<number | null>(0);
  return (
    <>
      <PageHeader narrow title={t('help.title')} subtitle={t('help.subtitle')} />
      <div className="container py-5 narrow-page">
        <div className="accordion">
          {faq.map((entry, index) => (
            <div className="accordion-item" key={entry.q}>
              <h2 className="accordion-header">
                <button
                  type="button"
                  className={open === index ? 'accordion-button' : 'accordion-button collapsed'}
                  aria-expanded={open === index}
                  aria-controls={`faq-${index}`}
                  onClick={() => setOpen(open === index ? null : index)}
                >
                  {entry.q}
                </button>
              </h2>
              <div
                id={`faq-${index}`}
                className={
                  open === index ? 'accordion-collapse collapse show' : 'accordion-collapse collapse'
                }
              >
                <div className="accordion-body">{entry.a}</div>
              </div>
            </div>
          ))}
        </div>
        <p className="mt-4 mb-0">
          {t('help.moreHelp')} <Link to="/contact">{t('help.contactLink')}</Link>
        </p>
      </div>
    </>
  );
}
