import { useTranslation } from 'react-i18next';
import { FeedBrowser } from '../../features/collections/components/feed-browser';
import { SearchBox } from '../../features/search/components/search-box';
import { PeopleDiscovery } from '../../features/social/components/people';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /feed (spec section 2), with the search box and the Pessoas tab of issue 8. */
export function FeedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('collections.feed.pageTitle'));
  return (
    <section className="container py-4 py-lg-5">
      <div className="mb-4">
        <h1 className="h2 fw-bold mb-1">{t('collections.feed.title')}</h1>
        <p className="text-body-secondary mb-0">{t('collections.feed.subtitle')}</p>
      </div>
      <FeedBrowser
        search={<SearchBox id="feed-search" label={t('search.feedLabel')} />}
        people={<PeopleDiscovery />}
      />
    </section>
  );
}
