import { Navigate, useParams } from 'react-router';
import { RecommendedCarousel } from '../../features/collections/components/recommended-carousel';
import { UserCollections } from '../../features/collections/components/user-collections';
import { ProfileHeader } from '../../features/users/components/profile-header';
import { useAuth } from '../../lib/auth';

/** /profile: header, recommended collections, the user's collections by category (spec 2). */
export function ProfilePage() {
  const { user } = useAuth();
  const userId = user!.userId;
  return (
    <>
      <ProfileHeader userId={userId} own />
      <div className="container py-4 py-lg-5">
        <RecommendedCarousel />
        <UserCollections userId={userId} own />
      </div>
    </>
  );
}

/** /profile/{user_id}: the same header and only the 'Coleções' tabs; one's own id is /profile. */
export function UserProfilePage() {
  const { user } = useAuth();
  const { userId = '' } = useParams();
  if (userId === user?.userId) return <Navigate to="/profile" replace />;
  return (
    <>
      <ProfileHeader key={userId} userId={userId} own={false} />
      <div className="container py-4 py-lg-5">
        <UserCollections key={userId} userId={userId} own={false} />
      </div>
    </>
  );
}
