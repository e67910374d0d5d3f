import '../texts';
import { useTranslation } from 'react-i18next';
import { usePersonActivity } from '../hooks/use-timeline';
import { TimelineList } from './timeline-list';

/** A person's recent public activity, on their profile (issue 26). */
export function PersonActivity({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = usePersonActivity(userId);
  return (
    <section aria-labelledby="profile-activity-heading" className="mt-5">
      <h2 id="profile-activity-heading" className="h5 mb-3">
        {t('timeline.profileHeading')}
      </h2>
      <TimelineList
        query={query}
        errorContext="profileActivity"
        empty={<p className="text-body-secondary">{t('timeline.profileEmpty')}</p>}
      />
    </section>
  );
}
