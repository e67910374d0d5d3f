import '../texts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The invitation itself, shown only in its season (recap-invite-slot.tsx). */
export function RecapInviteCard({ userId, year }: { userId: string; year: number }) {
  const { t } = useTranslation();
  return (
    <aside aria-labelledby="recap-invite-heading" className="card border-primary mb-4">
      <div className="card-body d-flex flex-column flex-md-row gap-3 align-items-md-center">
        <div className="flex-grow-1">
          <h2 id="recap-invite-heading" className="h5 mb-1">
            {t('recap.invite', { year })}
          </h2>
          <p className="text-body-secondary mb-0">{t('recap.inviteBody')}</p>
        </div>
        <Link to={`/profile/${userId}/recap/${year}`} className="btn btn-primary">
          {t('recap.inviteAction')}
        </Link>
      </div>
    </aside>
  );
}
