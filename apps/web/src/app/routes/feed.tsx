import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CollectionGrid } from '../../features/collections/components/collection-card';
import { FeedBrowser } from '../../features/collections/components/feed-browser';
import { ForYou } from '../../features/recommendations/components/for-you';
import { SuggestedPeople } from '../../features/recommendations/components/suggested-people';
import { CollectionSuggestionNote } from '../../features/recommendations/components/suggestion-note';
import { SearchBox } from '../../features/search/components/search-box';
import { PeopleDiscovery, PersonCard } from '../../features/social/components/people';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /feed?tab=para-voce opens the "Para você" tab (the onboarding's "explorar recomendações"). */
const FOR_YOU_TAB = 'para-voce';

/**
 * /feed (spec section 2), with the search box and the Pessoas tab of issue 8, and issue 11's "Para
 * você" tab and people with similar taste at the top of Pessoas.
 */
export function FeedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t('collections.feed.pageTitle'));
  return (
    <section className="container py-4 py-lg-5">
      <div className="mb-4">
        <h1 className="h2 fw-bold mb-1">{t('collections.feed.title')}</h1>
        <p className="text-body-secondary mb-0">{t('collections.feed.subtitle')}</p>
      </div>
      <FeedBrowser
        search={<SearchBox id="feed-search" label={t('search.feedLabel')} />}
        forYou={{
          title: t('recommendations.forYouTab'),
          content: (
            <ForYou
              grid={(suggestions) => (
                <CollectionGrid
                  collections={suggestions}
                  columnClass="col-12 col-md-6"
                  note={(suggestion) => <CollectionSuggestionNote suggestion={suggestion} />}
                />
              )}
            />
          ),
        }}
        initialTab={params.get('tab') === FOR_YOU_TAB ? 'forYou' : 'categories'}
        people={
          <>
            <SuggestedPeople card={(person) => <PersonCard person={person} />} />
            <PeopleDiscovery />
          </>
        }
      />
    </section>
  );
}
