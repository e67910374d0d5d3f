import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Outcome = 'copied' | 'failed' | null;

/**
 * 'Compartilhar': the system's share sheet where there is one (phones), otherwise the link is
 * copied to the clipboard and the button says so next to itself, in a live region so that screen
 * readers hear it too. `path` is the page's own address on this site.
 */
export function ShareButton({
  title,
  path,
  className = 'btn btn-light',
}: {
  title: string;
  path: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Read on a click, not while drawing: the server draws the page too (decision 037), with no window.
  const url = () => `${window.location.origin}${path}`;

  async function share() {
    setOutcome(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: url() });
        return;
      } catch (err) {
        // The person closed the share sheet: nothing to say. Anything else falls back to copying.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url());
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <div className="d-flex flex-column gap-1">
      <button type="button" className={className} onClick={() => void share()}>
        {t('common.share.button')}
      </button>
      <span role="status" className={`small share-status${outcome === 'failed' ? ' text-danger' : ''}`}>
        {outcome === 'copied' ? t('common.share.copied') : null}
        {outcome === 'failed' ? t('common.share.failed', { url: url() }) : null}
      </span>
    </div>
  );
}
