import type { Collection } from '@acervo/contract/collection';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The short link of a collection (issue 12): the server renders its preview tags. */
export const shareLink = (collectionId: string) => `${window.location.origin}/c/${collectionId}`;

type Outcome = 'copied' | 'failed' | null;

/**
 * 'Compartilhar': the system's share sheet where there is one (phones), otherwise the link is
 * copied to the clipboard and the button says so next to itself, in a live region so that screen
 * readers hear it too.
 */
export function ShareButton({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);

  // Read on a click, not while drawing: the server draws the page too (decision 037), with no window.
  async function share() {
    const url = shareLink(collection.id);
    setOutcome(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: collection.name, url });
        return;
      } catch (err) {
        // The person closed the share sheet: nothing to say. Anything else falls back to copying.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <div className="d-flex flex-column gap-1">
      <button type="button" className="btn btn-light" onClick={() => void share()}>
        {t('collections.share.button')}
      </button>
      <span role="status" className={`small share-status${outcome === 'failed' ? ' text-danger' : ''}`}>
        {outcome === 'copied' ? t('collections.share.copied') : null}
        {outcome === 'failed' ? t('collections.share.failed', { url: shareLink(collection.id) }) : null}
      </span>
    </div>
  );
}
