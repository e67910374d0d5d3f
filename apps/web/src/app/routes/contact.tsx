import '../../features/contact/texts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { RichText } from '../../components/ui/rich-text';
import { ContactForm } from '../../features/contact/components/contact-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useRemoteConfig } from '../../lib/remote-config';

export function ContactPage() {
  const { t } = useTranslation();
  const { contact_email: email } = useRemoteConfig();
  useDocumentTitle(t('contact.pageTitle'));
  return (
    <>
      <PageHeader title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <div className="container py-5">
        <div className="row g-4 g-lg-5">
          <div className="col-12 col-lg-8">
            <ContactForm />
          </div>
          <aside className="col-12 col-lg-4">
            <div className="card border-0 bg-body-tertiary p-4">
              <p className="mb-2">
                {t('contact.helpPrompt')} <Link to="/help">{t('contact.helpLink')}</Link>.
              </p>
              <p className="mb-0">
                <RichText
                  i18nKey="contact.directEmail"
                  values={{ email }}
                  components={{ mail: <a href={`mailto:${email}`} /> }}
                />
              </p>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}
