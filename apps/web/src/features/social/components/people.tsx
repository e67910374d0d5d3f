import '../texts';
import type { UserProfile } from '@acervo/contract/user';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/load-more';
import { Loading } from '../../../components/ui/loading';
import { useLoadMore } from '../../../hooks/use-load-more';
import { errorMessageKey } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import type { FollowList } from '../api/social-api';
import { useNetworkPeople, usePeople, usePopularPeople } from '../hooks/use-social';
import { FollowUserButton } from './follow-button';

/** A person in a list: avatar, name (to the profile), counters, and 'Seguir' unless it is me. */
export function PersonCard({ person }: { person: UserProfile }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <article className="card person-card h-100" aria-labelledby={`person-${person.id}`}>
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        <Avatar name={person.name} picture={person.picture} />
        <div className="flex-grow-1 min-w-0">
          <h3 className="h6 mb-0 text-break" id={`person-${person.id}`}>
            <Link to={`/profile/${person.id}`}>{person.name}</Link>
          </h3>
          <p className="small text-body-secondary mb-0">
            {t('social.people.collections', { count: person.total_collections })} ·{' '}
            {t('social.people.followers', { count: person.total_followers })}
          </p>
        </div>
        {person.id !== user?.userId ? <FollowUserButton user={person} size="sm" /> : null}
      </div>
    </article>
  );
}

function PeopleGrid({ people, emptyText }: { people: UserProfile[]; emptyText: string }) {
  if (!people.length) return <div className="empty-state text-body-secondary">{emptyText}</div>;
  return (
    <ul className="row g-3 list-unstyled mb-0">
      {people.map((person) => (
        <li key={person.id} className="col-12 col-md-6">
          <PersonCard person={person} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A profile's followers or the people it follows (routes /profile/{id}/followers|following), with
 * the two as tabs and 'Carregar mais' for the next page; focus moves to the first new person.
 */
export function FollowLists({ userId, list }: { userId: string; list: FollowList }) {
  const { t } = useTranslation();
  const query = usePeople(userId, list);
  const { container, loadMore } = useLoadMore(query.data?.length ?? 0, query.fetchNextPage);

  return (
    <section aria-labelledby="follow-list-title">
      <nav aria-label={t('social.people.listsLabel')} className="mb-4">
        <ul className="nav nav-tabs">
          {(['followers', 'following'] as const).map((which) => (
            <li key={which} className="nav-item">
              <NavLink to={`/profile/${userId}/${which}`} className="nav-link" end>
                {t(`social.people.${which}Tab`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h2 id="follow-list-title" className="visually-hidden">
        {t(`social.people.${list}Tab`)}
      </h2>
      {query.data ? (
        <div ref={container}>
          <PeopleGrid people={query.data} emptyText={t(`social.people.${list}Empty`)} />
          <LoadMore
            hasNextPage={query.hasNextPage}
            loading={query.isFetchingNextPage}
            failedText={query.isFetchNextPageError ? t(errorMessageKey(query.error, 'people')) : null}
            onLoadMore={loadMore}
          />
        </div>
      ) : query.isError ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'people'))}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Loading />
      )}
    </section>
  );
}

function PeopleSection({
  id,
  title,
  subtitle,
  query,
  emptyText,
}: {
  id: string;
  title: string;
  subtitle: string;
  query: ReturnType<typeof usePopularPeople>;
  emptyText: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="mb-5">
      <h2 id={id} className="h5 mb-1">
        {title}
      </h2>
      <p className="text-body-secondary">{subtitle}</p>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'people'))}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PeopleGrid people={query.data} emptyText={emptyText} />
      )}
    </section>
  );
}

/** The feed's Pessoas tab: people my network follows, then the most followed. */
export function PeopleDiscovery() {
  const { t } = useTranslation();
  const network = useNetworkPeople();
  const popular = usePopularPeople();
  return (
    <>
      <PeopleSection
        id="people-network-title"
        title={t('social.people.networkTitle')}
        subtitle={t('social.people.networkSubtitle')}
        query={network}
        emptyText={t('social.people.networkEmpty')}
      />
      <PeopleSection
        id="people-popular-title"
        title={t('social.people.popularTitle')}
        subtitle={t('social.people.popularSubtitle')}
        query={popular}
        emptyText={t('social.people.popularEmpty')}
      />
    </>
  );
}
