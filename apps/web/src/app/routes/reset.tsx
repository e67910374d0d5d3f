import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetForm } from '../../features/auth/components/reset-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function ResetPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  useDocumentTitle(t('auth.reset.pageTitle'));
  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <ResetForm token={token} />
    </AuthCard>
  );
}
