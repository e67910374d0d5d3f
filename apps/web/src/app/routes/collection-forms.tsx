import '../../features/collections/texts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCollection } from '../../features/collections/hooks/use-collections';
import { CollaboratorsPanel } from '../../features/social/components/collaborators-panel';
import { useAuth } from '../../lib/auth';
import {
  CollectionCreateForm,
  CollectionEditForm,
} from '../../features/collections/components/collection-form';
import { ItemCreatePage, ItemEditPage } from '../../features/collections/components/item-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

function FormPage({
  title,
  subtitle,
  children,
  aside,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  return (
    <section className="container py-4 py-lg-5">
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4">
              <h1 className="h3 fw-bold mb-1">{title}</h1>
              {subtitle ? <p className="text-body-secondary mb-4">{subtitle}</p> : <div className="mb-4" />}
              {children}
            </div>
          </div>
        </div>
        {aside ? <aside className="col-12 col-lg-4">{aside}</aside> : null}
      </div>
    </section>
  );
}

/** /lists/create */
export function CollectionCreatePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('collections.form.createPageTitle'));
  return (
    <FormPage
      title={t('collections.form.createTitle')}
      subtitle={t('collections.form.createSubtitle')}
      aside={
        <div className="side-note">
          <h2 className="h5">{t('collections.form.sideTitle')}</h2>
          <p className="mb-0">{t('collections.form.sideNote')}</p>
        </div>
      }
    >
      <CollectionCreateForm />
    </FormPage>
  );
}

/** /lists/edit/{id}: the form, and for its owner the collaborators panel (issue 8). */
export function CollectionEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useAuth();
  // The form loads the same collection; react-query makes that one request.
  const collection = useCollection(id).data;
  useDocumentTitle(t('collections.form.editPageTitle'));
  return (
    <FormPage
      title={t('collections.form.editTitle')}
      aside={
        collection && collection.user_id === user?.userId ? (
          <CollaboratorsPanel key={id} collection={collection} />
        ) : undefined
      }
    >
      <CollectionEditForm key={id} collectionId={id} />
    </FormPage>
  );
}

/** /lists/{id}/items/create */
export function ItemCreateRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(t('collections.item.createPageTitle'));
  return <ItemCreatePage key={id} collectionId={id} />;
}

/** /lists/{id}/items/edit/{item} */
export function ItemEditRoute() {
  const { t } = useTranslation();
  const { id = '', item = '' } = useParams();
  useDocumentTitle(t('collections.item.editPageTitle'));
  return <ItemEditPage key={item} collectionId={id} itemId={item} />;
}
