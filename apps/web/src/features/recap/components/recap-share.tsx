import '../texts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useRecapShare } from '../hooks/use-recap';

/** The public link, readable and copyable; the copy's outcome is said in a live region. */
function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <div>
      <label htmlFor="recap-link" className="form-label small fw-semibold">
        {t('recap.publicLink')}
      </label>
      <div className="input-group">
        <input
          id="recap-link"
          className="form-control"
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          {t('recap.copy')}
        </button>
      </div>
      <span role="status" className={`small${outcome === 'failed' ? ' text-danger' : ''}`}>
        {outcome === 'copied' ? t('recap.copied') : null}
        {outcome === 'failed' ? t('recap.copyFailed') : null}
      </span>
    </div>
  );
}

/**
 * The owner's share switch (issue 28): on, the year gets its public link (`/recap/{id}`), to copy,
 * and its picture sized for stories to download; off, the link stops working at once.
 */
export function RecapShare({
  userId,
  year,
  shareId,
}: {
  userId: string;
  year: number;
  shareId: string | null;
}) {
  const { t } = useTranslation();
  const { share, unshare } = useRecapShare(userId, year);
  const alert = useFormAlert();
  // The switch moves at once, while the answer comes; a failure puts it back, the alert saying why.
  const [asked, setAsked] = useState<boolean | null>(null);
  const busy = asked !== null;
  const toggle = async (on: boolean) => {
    setAsked(on);
    await (on
      ? alert.attempt('recapShare', () => share.mutateAsync())
      : alert.attempt('recapUnshare', () => unshare.mutateAsync()));
    setAsked(null);
  };
  return (
    <section className="card mt-4" aria-labelledby="recap-share-heading">
      <div className="card-body">
        <FormAlert messageKey={alert.key} />
        <div className="form-check form-switch mb-1">
          <input
            id="recap-share-switch"
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={asked ?? shareId !== null}
            disabled={busy}
            onChange={(e) => void toggle(e.target.checked)}
          />
          <label
            id="recap-share-heading"
            htmlFor="recap-share-switch"
            className="form-check-label fw-semibold"
          >
            {t('recap.shareSwitch')}
          </label>
        </div>
        <p className="small text-body-secondary">{t('recap.shareHint')}</p>
        {shareId !== null && (
          <div className="d-flex flex-column gap-3">
            <CopyLink url={`${window.location.origin}/recap/${shareId}`} />
            <div>
              <a
                href={`/recap/${shareId}/story.png`}
                download={`acervo-${year}.png`}
                className="btn btn-light"
              >
                {t('recap.story')}
              </a>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
