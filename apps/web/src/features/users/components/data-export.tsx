import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useAuth } from '../../../lib/auth';
import { usersApi } from '../api/users-api';

/** Hands a downloaded file to the browser as if it had been a link. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** /account/security: the LGPD data export, a JSON file of everything about the person. */
export function DataExport() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const alert = useFormAlert();
  const [busy, setBusy] = useState(false);

  const download = () =>
    alert.attempt('accountExport', async () => {
      setBusy(true);
      try {
        const { blob, filename } = await usersApi.exportData(user!.userId);
        saveFile(blob, filename ?? 'acervo.json');
      } finally {
        setBusy(false);
      }
    });

  return (
    <section className="card border-0 shadow-sm mt-4" aria-labelledby="export-title">
      <div className="card-body p-4">
        <h2 id="export-title" className="h5">
          {t('users.dataExport.title')}
        </h2>
        <p className="text-body-secondary">{t('users.dataExport.body')}</p>
        <FormAlert messageKey={alert.key} />
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={busy}
          onClick={() => void download()}
        >
          {busy ? t('users.dataExport.busy') : t('users.dataExport.button')}
        </button>
      </div>
    </section>
  );
}
