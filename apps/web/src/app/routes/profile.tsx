import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAuth } from '../../lib/auth';

/** Where /profile lands until the profile feature (issue 5) replaces this route's element. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('profile.pageTitle'));
  return (
    <section className="container py-5">
      <h1 className="h2 fw-bold">{t('profile.greeting', { name: user?.userName ?? '' })}</h1>
      <p className="text-body-secondary mb-0">{t('profile.placeholder')}</p>
    </section>
  );
}
