import '../texts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFollowingTimeline } from '../hooks/use-timeline';
import { TimelineList } from './timeline-list';

/** The "Seguindo" tab of /feed: what the people and collections one follows did, newest first. */
export function FollowingTimeline({ findPeopleUrl = '/feed' }: { findPeopleUrl?: string }) {
  const { t } = useTranslation();
  const query = useFollowingTimeline();
  return (
    <section aria-labelledby="feed-following-heading">
      <h2 id="feed-following-heading" className="h5 mb-3">
        {t('timeline.heading')}
      </h2>
      <TimelineList
        query={query}
        errorContext="timeline"
        empty={
          <div className="empty-state text-body-secondary">
            <p>{t('timeline.empty')}</p>
            <Link to={findPeopleUrl} className="btn btn-outline-primary btn-sm">
              {t('timeline.emptyAction')}
            </Link>
          </div>
        }
      />
    </section>
  );
}
