import '../../features/digest/texts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { DigestUnsubscribe } from '../../features/digest/components/digest-unsubscribe';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** The digest mail's unsubscribe link (issue 26), signed in or not. */
export function DigestUnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  useDocumentTitle(t('digest.unsubscribe.pageTitle'));
  return (
    <AuthCard title={t('digest.unsubscribe.title')}>
      <DigestUnsubscribe token={token} />
    </AuthCard>
  );
}
