import { useTranslation } from 'react-i18next';
import { ImportFlow } from '../../features/imports/components/import-flow';
import '../../features/imports/texts';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AccountHeading } from './account';

// Its own module (decision 026): only this page loads the import feature.

export function AccountImportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('imports.pageTitle'));
  return (
    <>
      <AccountHeading title={t('imports.title')} subtitle={t('imports.subtitle')} />
      <div className="card border-0 shadow-sm">
        <div className="card-body p-4">
          <ImportFlow />
        </div>
      </div>
    </>
  );
}
