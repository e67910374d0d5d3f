import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { Loading } from '../../components/ui/loading';
import { UserStats } from '../../features/stats/components/user-stats';
import { useStats } from '../../features/stats/hooks/use-stats';
import { ProfileHeader } from '../../features/users/components/profile-header';
import { useUser } from '../../features/users/hooks/use-users';
import { isNotFound } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { NotFoundPage } from './not-found';

function StatsBody({ userId, own }: { userId: string; own: boolean }) {
  const { t } = useTranslation();
  const stats = useStats(userId);
  const { data: person } = useUser(userId);
  if (stats.isPending) return <Loading />;
  if (stats.isError)
    return <ErrorState message={t('stats.loadFailed')} onRetry={() => void stats.refetch()} />;
  const year = new Date().getFullYear();
  return (
    <>
      {own && (
        <p className="text-end">
          <Link to={`/profile/${userId}/recap/${year}`} className="btn btn-outline-primary btn-sm">
            {t('stats.recapLink', { year })}
          </Link>
        </p>
      )}
      <UserStats stats={stats.data} own={own} name={person?.name ?? ''} />
    </>
  );
}

/**
 * /profile/{user_id}/stats (issue 28), one's own included: the profile's header and its
 * "Estatísticas". Hidden stats (a block, a private profile, an opt-out: the API's 404) show the
 * app's not-found page.
 */
export function UserStatsPage() {
  const { user } = useAuth();
  const { userId = '' } = useParams();
  const own = userId === user?.userId;
  const { t } = useTranslation();
  const stats = useStats(userId);
  if (stats.isError && isNotFound(stats.error)) return <NotFoundPage />;
  const title = (name: string) =>
    own ? t('stats.ownPageTitle') : name ? t('stats.pageTitle', { name }) : '';
  return (
    <>
      <ProfileHeader key={userId} userId={userId} own={own} section="stats" title={title} />
      <div className="container py-4 py-lg-5">
        <StatsBody key={userId} userId={userId} own={own} />
      </div>
    </>
  );
}
