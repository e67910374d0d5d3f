import '../../features/collections/texts';
import '../../features/search/texts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CollectionGrid } from '../../features/collections/components/collection-card';
import { FeedBrowser } from '../../features/collections/components/feed-browser';
import { ForYou } from '../../features/recommendations/components/for-you';
import { SuggestedPeople } from '../../features/recommendations/components/suggested-people';
import { CollectionSuggestionNote } from '../../features/recommendations/components/suggestion-note';
import { SearchBox } from '../../features/search/components/search-box';
import { PeopleDiscovery, PersonCard } from '../../features/social/components/people';
import { FollowingTimeline } from '../../features/timeline/components/following-timeline';
import { useUser } from '../../features/users/hooks/use-users';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAuth } from '../../lib/auth';
import { RecapInvite } from '../../features/recap/components/recap-invite-slot';

/** /feed?tab=para-voce opens the "Para você" tab (the onboarding's "explorar recomendações"). */
const FOR_YOU_TAB = 'para-voce';
/** /feed?tab=seguindo opens "Seguindo", /feed?tab=pessoas "Pessoas" (Seguindo's empty state links there). */
const TABS = { [FOR_YOU_TAB]: 'forYou', seguindo: 'following', pessoas: 'people' } as const;
const isTab = (name: string | null): name is keyof typeof TABS => name !== null && Object.hasOwn(TABS, name);

/**
 * /feed (spec section 2), with the search box and the Pessoas tab of issue 8, and issue 11's "Para
 * você" tab and people with similar taste at the top of Pessoas.
 */
export function FeedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user } = useAuth();
  // Someone who follows someone starts on "Seguindo" (issue 26); the header has their profile already.
  const me = useUser(user?.userId);
  useDocumentTitle(t('collections.feed.pageTitle'));
  const asked = params.get('tab');
  return (
    <section className="container py-4 py-lg-5">
      <div className="mb-4">
        <h1 className="h2 fw-bold mb-1">{t('collections.feed.title')}</h1>
        <p className="text-body-secondary mb-0">{t('collections.feed.subtitle')}</p>
      </div>
      <RecapInvite />
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
        following={{
          title: t('collections.feed.tabs.following'),
          content: <FollowingTimeline findPeopleUrl="/feed?tab=pessoas" />,
          // Unknown while the profile loads; a failed load keeps today's first tab.
          first: me.data ? me.data.total_following > 0 : me.isError ? false : undefined,
        }}
        // A link to another ?tab= on this page opens that tab.
        key={asked ?? ''}
        initialTab={isTab(asked) ? TABS[asked] : undefined}
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
