import Accordion from 'react-bootstrap/Accordion';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';

type Faq = { q: string; a: string };

export function HelpPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('help.pageTitle'));
  const faq = t('help.faq', { returnObjects: true }) as Faq[];
  return (
    <>
      <PageHeader narrow title={t('help.title')} subtitle={t('help.subtitle')} />
      <div className="container py-5 narrow-page">
        <Accordion defaultActiveKey="0">
          {faq.map((entry, index) => (
            <Accordion.Item eventKey={String(index)} key={entry.q}>
              <Accordion.Header as="h2">{entry.q}</Accordion.Header>
              <Accordion.Body>{entry.a}</Accordion.Body>
            </Accordion.Item>
          ))}
        </Accordion>
        <p className="mt-4 mb-0">
          {t('help.moreHelp')} <Link to="/contact">{t('help.contactLink')}</Link>
        </p>
      </div>
    </>
  );
}
