import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.register.pageTitle'));
  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <RegisterForm />
    </AuthCard>
  );
}
