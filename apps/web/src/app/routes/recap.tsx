import { useParams } from 'react-router';
import { SharedRecap } from '../../features/recap/components/shared-recap';
import { UserRecap } from '../../features/recap/components/user-recap';
import { useAuth } from '../../lib/auth';
import { NotFoundPage } from './not-found';

/** /profile/{user_id}/recap/{year} (issue 28): "Seu ano no Acervo", the owner's or a shared one. */
export function UserRecapPage() {
  const { user } = useAuth();
  const { userId = '', year = '' } = useParams();
  if (!/^\d{4}$/.test(year)) return <NotFoundPage />;
  return (
    <UserRecap
      key={`${userId}-${year}`}
      userId={userId}
      year={Number(year)}
      own={userId === user?.userId}
      notFound={<NotFoundPage />}
    />
  );
}

/** /recap/{id} (issue 28): a shared year, outside the guard: anyone may read it. */
export function SharedRecapPage() {
  const { id = '' } = useParams();
  return <SharedRecap key={id} id={id} />;
}
