import { useParams, Navigate } from 'react-router';
import { RecommendedCarousel } from '../../features/collections/components/recommended-carousel';
import { UserCollections } from '../../features/collections/components/user-collections';
import { useUserCollections } from '../../features/collections/hooks/use-collections';
import { CollectionSuggestionNote } from '../../features/recommendations/components/suggestion-note';
import { useRecommendedCollections } from '../../features/recommendations/hooks/use-recommendations';
import { FollowUserButton } from '../../features/social/components/follow-button';
import { FollowLists } from '../../features/social/components/people';
import { PersonActivity } from '../../features/timeline/components/person-activity';
import { Suspense, lazy } from 'react';
import type { FollowList } from '../../features/social/api/social-api';
import { TasteInCommon } from '../../features/taste/components/taste-in-common';
import { useTaste } from '../../features/taste/hooks/use-taste';
import { Loading } from '../../components/ui/loading';
import { ProfileHeader } from '../../features/users/components/profile-header';
import { useUser } from '../../features/users/hooks/use-users';
import { useAuth } from '../../lib/auth';
import { RecapInvite } from '../../features/recap/components/recap-invite-slot';

/** The strip of the recommender's picks (issue 11), each card saying why it is there. */
function ProfileRecommendations() {
  const query = useRecommendedCollections(5);
  return (
    <RecommendedCarousel
      query={query}
      note={(suggestion) => <CollectionSuggestionNote suggestion={suggestion} />}
    />
  );
}

/** /profile: header, recommended collections, the user's collections by category (spec 2). */
export function ProfilePage() {
  const { user } = useAuth();
  const userId = user!.userId;
  return (
    <>
      <ProfileHeader userId={userId} own section="overview" />
      <div className="container py-4 py-lg-5">
        <RecapInvite />
        <ProfileRecommendations />
        <UserCollections userId={userId} own />
        <PersonActivity userId={userId} />
      </div>
    </>
  );
}

// Its dialogs load with it, after the profile (the page's script budget).
const PersonSafetyActions = lazy(async () => ({
  default: (await import('../../features/safety/components/person-safety')).PersonSafetyActions,
}));

/** Someone else's header carries 'Seguir' (issue 8) and 'Silenciar', 'Bloquear', 'Denunciar' (issue 23). */
function Header({ userId, section }: { userId: string; section?: 'overview' }) {
  const { user } = useAuth();
  const own = userId === user?.userId;
  return (
    <ProfileHeader
      key={userId}
      userId={userId}
      own={own}
      section={section}
      actions={
        own
          ? undefined
          : (profile) => (
              <div className="d-flex flex-wrap gap-2 justify-content-center justify-content-md-start">
                <FollowUserButton user={profile} size="md" />
                <Suspense fallback={null}>
                  <PersonSafetyActions person={profile} />
                </Suspense>
              </div>
            )
      }
    />
  );
}

/**
 * "Gosto em comum" (issue 26), named after the person, above their collections and activity. Its
 * height is known only with its answer, so the sections below wait for it and for the person
 * (their collections are asked for at once, beside them) rather than be pushed down when it came:
 * a layout shift of 0.12 on a phone.
 */
function ProfileSections({ userId }: { userId: string }) {
  const person = useUser(userId);
  const taste = useTaste(userId);
  useUserCollections(userId);
  if (person.isPending || taste.isPending) return <Loading />;
  return (
    <>
      {person.data ? <TasteInCommon userId={userId} personName={person.data.name} /> : null}
      <UserCollections userId={userId} own={false} />
      <PersonActivity userId={userId} />
    </>
  );
}

/**
 * /profile/{user_id}: the same header, taste in common, the 'Coleções' tabs and recent activity;
 * one's own id is /profile.
 */
export function UserProfilePage() {
  const { user } = useAuth();
  const { userId = '' } = useParams();
  if (userId === user?.userId) return <Navigate to="/profile" replace />;
  return (
    <>
      <Header userId={userId} section="overview" />
      <div className="container py-4 py-lg-5">
        <ProfileSections key={userId} userId={userId} />
      </div>
    </>
  );
}

/** /profile/{user_id}/followers and /following (issue 8), one's own included. */
export function FollowListPage({ list }: { list: FollowList }) {
  const { userId = '' } = useParams();
  return (
    <>
      <Header userId={userId} />
      <div className="container py-4 py-lg-5">
        <FollowLists key={`${userId}-${list}`} userId={userId} list={list} />
      </div>
    </>
  );
}
