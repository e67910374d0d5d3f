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

/**
 * /account/security: the LGPD data export, a JSON file of everything about the person, and the
 * same films and books as files Letterboxd and Goodreads import (issue 27).
 */
export function DataExport() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const alert = useFormAlert();
  const [busy, setBusy] = useState<'json' | 'letterboxd' | 'goodreads' | null>(null);

  const download = (kind: 'json' | 'letterboxd' | 'goodreads') =>
    alert.attempt('accountExport', async () => {
      setBusy(kind);
      try {
        const { blob, filename } =
          kind === 'json'
            ? await usersApi.exportData(user!.userId)
            : await usersApi.exportFor(user!.userId, kind);
        saveFile(blob, filename ?? (kind === 'json' ? 'acervo.json' : `acervo-${kind}.csv`));
      } finally {
        setBusy(null);
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
          disabled={busy !== null}
          onClick={() => void download('json')}
        >
          {busy === 'json' ? t('users.dataExport.busy') : t('users.dataExport.button')}
        </button>
        <h3 className="h6 mt-4">{t('users.dataExport.elsewhereTitle')}</h3>
        <p className="text-body-secondary">{t('users.dataExport.elsewhereBody')}</p>
        <div className="d-flex flex-wrap gap-2">
          {(['letterboxd', 'goodreads'] as const).map((site) => (
            <button
              key={site}
              type="button"
              className="btn btn-outline-secondary"
              disabled={busy !== null}
              onClick={() => void download(site)}
            >
              {busy === site ? t('users.dataExport.busy') : t(`users.dataExport.${site}`)}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
