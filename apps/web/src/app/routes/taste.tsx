import { useParams } from 'react-router';
import { SharedTaste } from '../../features/taste/components/shared-taste';

/** /taste/{id} (issue 26): a shared taste in common, outside the guard: anyone may read it. */
export function SharedTastePage() {
  const { id = '' } = useParams();
  return <SharedTaste key={id} id={id} />;
}
