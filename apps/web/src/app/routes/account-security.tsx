import { useTranslation } from 'react-i18next';
import { DigestPanel } from '../../features/digest/components/digest-panel';
import { PrivacyPanel } from '../../features/recommendations/components/privacy-panel';
import { BlockedPeople } from '../../features/safety/components/blocked-people';
import { DataExport } from '../../features/users/components/data-export';
import { DeleteAccount } from '../../features/users/components/delete-account';
import { DeviceSessions } from '../../features/users/components/device-sessions';
import { SecurityForm } from '../../features/users/components/security-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AccountHeading } from './account';

// Its own module (decision 026): /account/profile, where the account pages open, does not load it.

export function AccountSecurityPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('users.account.securityPageTitle'));
  return (
    <>
      <AccountHeading
        title={t('users.account.securityTitle')}
        subtitle={t('users.account.securitySubtitle')}
      />
      <div className="card border-0 shadow-sm">
        <div className="card-body p-4">
          <SecurityForm />
        </div>
      </div>
      <DeviceSessions />
      <PrivacyPanel />
      <DigestPanel />
      <BlockedPeople />
      <DataExport />
      <DeleteAccount />
    </>
  );
}
