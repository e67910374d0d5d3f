import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRemoteConfig } from '../../lib/remote-config';
import { LanguageSwitch } from './language-switch';

export function SiteFooter() {
  const { t } = useTranslation();
  const { contact_email: email } = useRemoteConfig();
  return (
    <footer className="site-footer mt-auto">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-12 col-md-5">
            <p className="h5 fw-bold mb-1">{t('common.productName')}</p>
            <p className="mb-3">{t('common.tagline')}</p>
            <p className="mb-0">
              <span className="visually-hidden">{t('common.footer.contactLabel')}: </span>
              <a href={`mailto:${email}`}>{email}</a>
            </p>
          </div>
          <nav className="col-6 col-md-3" aria-label={t('common.footer.content')}>
            <p className="fw-semibold mb-2">{t('common.footer.content')}</p>
            <ul className="list-unstyled mb-0 d-grid gap-1">
              <li>
                <Link to="/#sobre">{t('common.footer.about')}</Link>
              </li>
              <li>
                <Link to="/privacy-policy">{t('common.footer.privacy')}</Link>
              </li>
              <li>
                <Link to="/terms-use">{t('common.footer.terms')}</Link>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-4" aria-label={t('common.footer.help')}>
            <p className="fw-semibold mb-2">{t('common.footer.help')}</p>
            <ul className="list-unstyled mb-0 d-grid gap-1">
              <li>
                <Link to="/help">{t('common.nav.support')}</Link>
              </li>
              <li>
                <Link to="/contact">{t('common.footer.contact')}</Link>
              </li>
            </ul>
          </nav>
        </div>
        <hr className="my-4" />
        <div className="d-flex flex-column flex-sm-row gap-3 justify-content-between align-items-sm-center">
          <small>{t('common.footer.rights', { year: new Date().getFullYear() })}</small>
          <LanguageSwitch />
        </div>
      </div>
    </footer>
  );
}
