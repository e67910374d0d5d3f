import { useParams } from 'react-router';
import { CollectionView } from '../../features/collections/components/collection-view';
import { ItemView } from '../../features/collections/components/item-view';

// The create and edit pages are in ./collection-forms: a visitor of a collection downloads no form.

/** /lists/{id}: not behind the guard; anonymous visitors get the sign-in prompt. */
export function CollectionPage() {
  const { id = '' } = useParams();
  return <CollectionView key={id} collectionId={id} />;
}

/** /lists/{id}/items/{item}: not behind the guard, like the collection's page. */
export function ItemRoute() {
  const { id = '', item = '' } = useParams();
  return <ItemView key={item} collectionId={id} itemId={item} />;
}
