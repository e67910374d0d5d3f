import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { VerifyEmail } from '../../features/users/components/verify-email';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** The link of the verification mail (issue 23). */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  useDocumentTitle(t('users.verifyEmail.pageTitle'));
  return (
    <AuthCard title={t('users.verifyEmail.title')}>
      <VerifyEmail token={token} />
    </AuthCard>
  );
}
