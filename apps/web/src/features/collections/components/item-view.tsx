import '../texts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../../components/ui/loading';
import { SignInPrompt } from '../../../components/ui/prompt-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isNotFound } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useCollectionSlots } from '../../../lib/feature-slots';
import { AlsoIn } from './also-in';
import { JoinCallout } from './join-callout';
import { LoadFailure, useItemAndCollection } from './item-loader';
import { Picture } from './picture';
import { RatingStars } from './rating-stars';
import { mayEditItems } from './roles';

/**
 * /lists/{id}/items/{item}: the spec never showed this screen, so it is ours (issue 5): name,
 * description, rating, the collection it belongs to and its owner, and Edit for the owner. A
 * visitor without an account reads an item of a public collection (issue 12) and gets the sign-in
 * prompt for any other, as on the collection's page.
 */
export function ItemView({ collectionId, itemId }: { collectionId: string; itemId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { item, collection, pending, failure } = useItemAndCollection(collectionId, itemId);
  const slots = useCollectionSlots();
  useDocumentTitle(item.data?.name ?? '');
  if (pending && !failure) return <Loading />;
  // Private or missing, to someone without an account: the prompt, saying neither.
  if (failure && !user && isNotFound(failure.query.error))
    return <SignInPrompt message={t('collections.view.anonymous')} />;
  if (failure) return <LoadFailure {...failure} />;
  const data = item.data!;
  const list = collection.data!;
  const owner = mayEditItems(list, user?.userId);
  const ItemSafety = slots.itemSafety;
  const Comments = slots.comments;
  return (
    <>
      <div className="container py-4 py-lg-5">
        <nav aria-label="breadcrumb" className="mb-3">
          <ol className="breadcrumb mb-0">
            <li className="breadcrumb-item">
              <Link to={`/profile/${list.user_id}`}>{list.owner_name}</Link>
            </li>
            <li className="breadcrumb-item">
              <Link to={`/lists/${list.id}`}>{list.name}</Link>
            </li>
            <li className="breadcrumb-item active text-truncate" aria-current="page">
              {data.name}
            </li>
          </ol>
        </nav>
        <article className="card border-0 shadow-sm item-view">
          <div className="card-body p-4 p-lg-5">
            <div className="d-flex flex-column flex-md-row justify-content-between gap-3 mb-3">
              {data.image ? (
                <div className="item-picture flex-shrink-0">
                  <Picture
                    image={data.image}
                    sizes="(min-width: 768px) 320px, 100vw"
                    alt={t('collections.picture.alt', { name: data.name })}
                    eager
                  />
                </div>
              ) : null}
              <div className="min-w-0 flex-grow-1">
                <h1 className="h2 fw-bold text-break mb-2">
                  {data.name}
                  {data.year ? <span className="fw-normal text-body-secondary"> ({data.year})</span> : null}
                </h1>
                {data.rating != null ? <RatingStars rating={data.rating} size={24} /> : null}
                {data.source_url ? (
                  <p className="mb-0 mt-2">
                    <a href={data.source_url} target="_blank" rel="noopener noreferrer nofollow">
                      {/letterboxd\.com|boxd\.it/.test(data.source_url)
                        ? t('collections.alsoIn.sourceLetterboxd')
                        : t('collections.alsoIn.source')}
                    </a>
                  </p>
                ) : null}
              </div>
              {owner ? (
                <div className="flex-shrink-0">
                  <Link to={`/lists/${list.id}/items/edit/${data.id}`} className="btn btn-outline-primary">
                    {t('collections.item.viewEdit')}
                  </Link>
                </div>
              ) : null}
            </div>
            <p className="lead text-break item-view-description">
              {data.description || (
                <span className="text-body-secondary">{t('collections.item.noDescription')}</span>
              )}
            </p>
            <dl className="row g-3 mb-0 mt-2 banner-info">
              <div className="col-12 col-sm-6">
                <dt>{t('collections.item.viewCollection')}</dt>
                <dd>
                  <Link to={`/lists/${list.id}`}>{list.name}</Link>
                  <span className="text-body-secondary"> · {list.category_name}</span>
                </dd>
              </div>
              <div className="col-12 col-sm-6">
                <dt>{t('collections.item.viewOwner')}</dt>
                <dd>
                  <Link to={`/profile/${list.user_id}`}>{list.owner_name}</Link>
                </dd>
              </div>
            </dl>
            {ItemSafety && user ? (
              <div className="d-flex flex-wrap gap-2 mt-3">
                <ItemSafety item={data} collection={list} />
              </div>
            ) : null}
          </div>
        </article>
        <AlsoIn item={data} />
        <Link to={`/lists/${list.id}`} className="btn btn-light mt-4">
          {t('collections.item.viewBack')}
        </Link>
      </div>
      {Comments ? <Comments collection={list} item={data} /> : null}
      {user ? null : <JoinCallout />}
    </>
  );
}
