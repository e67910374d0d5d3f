import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RecoverForm } from '../../features/auth/components/recover-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function RecoverPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.recover.pageTitle'));
  return (
    <AuthCard title={t('auth.recover.title')} subtitle={t('auth.recover.subtitle')}>
      <RecoverForm />
    </AuthCard>
  );
}
