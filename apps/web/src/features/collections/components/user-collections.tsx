import '../texts';
import type { Collection } from '@acervo/contract/collection';
import { useMemo, useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessageKey } from '../../../lib/api-errors';
import { compareNames } from '../../../lib/format';
import { useUserCollections } from '../hooks/use-collections';
import { CollectionGrid } from './collection-card';

/** Groups collections by category, tabs sorted by category name (spec section 7, by_user). */
export function groupByCategory(collections: Collection[]) {
  const groups = new Map<string, { id: string; name: string; collections: Collection[] }>();
  for (const collection of collections) {
    const group = groups.get(collection.category_id) ?? {
      id: collection.category_id,
      name: collection.category_name,
      collections: [],
    };
    group.collections.push(collection);
    groups.set(collection.category_id, group);
  }
  return [...groups.values()].sort((a, b) => compareNames(a.name, b.name));
}

/** A user's collections in category tabs; the owner also gets 'Adicionar nova coleção'. */
export function UserCollections({ userId, own }: { userId: string; own: boolean }) {
  const { t } = useTranslation();
  const query = useUserCollections(userId);
  const groups = useMemo(() => (query.data ? groupByCategory(query.data) : []), [query.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  // A deleted collection may take its category tab with it: fall back to the first tab.
  const activeKey = groups.some((group) => group.id === chosen) ? chosen! : groups[0]?.id;
  return (
    <section aria-labelledby="user-collections-title">
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-3 mb-3">
        <h2 id="user-collections-title" className="h4 mb-0">
          {t('collections.userTabs.title')}
        </h2>
        {own ? (
          <Link to="/lists/create" className="btn btn-primary">
            {t('collections.userTabs.add')}
          </Link>
        ) : null}
      </div>
      {query.isPending ? (
        <CardSkeleton count={3} />
      ) : query.isError ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'userCollections'))}
          onRetry={() => void query.refetch()}
        />
      ) : groups.length === 0 ? (
        <div className="empty-state text-body-secondary">
          {own ? t('collections.userTabs.emptyOwn') : t('collections.empty')}
          {own ? (
            <p className="mt-2 mb-0">
              {/* Issue 27: a newcomer with years of taste elsewhere brings it instead. */}
              <Link to="/account/import">{t('collections.userTabs.importOwn')}</Link>
            </p>
          ) : null}
        </div>
      ) : (
        <Tabs
          id={`user-collections-${userId}`}
          className="mb-4 category-tabs"
          activeKey={activeKey}
          onSelect={(key) => setChosen(key)}
          // Only the open category's cards are drawn: the others (hidden until their tab is
          // chosen) were most of the profile's first render on a phone.
          mountOnEnter
        >
          {groups.map((group) => (
            <Tab key={group.id} eventKey={group.id} title={`${group.name} (${group.collections.length})`}>
              <CollectionGrid collections={group.collections} showOwner={false} />
            </Tab>
          ))}
        </Tabs>
      )}
    </section>
  );
}
