import { useTranslation } from 'react-i18next';
import { applyUpdate, useUpdateWaiting } from '../../lib/service-worker';

/**
 * "Nova versão disponível" (issue 12): shown once a new version of the app has installed in the
 * background; the button lets it take over and reloads the page onto the new files.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div className="update-prompt alert alert-primary d-flex align-items-center gap-3 shadow" role="status">
      <span>{t('common.update.available')}</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={applyUpdate}>
        {t('common.update.reload')}
      </button>
    </div>
  );
}
