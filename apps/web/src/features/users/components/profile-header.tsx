import type { UserProfile } from '@acervo/contract/user';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { ErrorState } from '../../../components/ui/error-state';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessageKey, isNotFound } from '../../../lib/api-errors';
import { useUser } from '../hooks/use-users';

/**
 * Avatar, name and the counters Coleções, Seguidores, Curtidas (spec section 2), plus Seguindo;
 * the two follow counters open the lists of people (issue 8). `actions` is where the app puts
 * 'Seguir' on someone else's profile. When no user comes back (unknown id), the spec sends the
 * visitor to /feed. Its tabs lead to the profile and its "Estatísticas" (issue 28); `section`
 * says which one the page is (none on the lists of people).
 */
export function ProfileHeader({
  userId,
  own,
  actions,
  section,
  title,
}: {
  userId: string;
  own: boolean;
  actions?: (profile: UserProfile) => ReactNode;
  section?: 'overview' | 'stats';
  /** The page's title, when it is not the profile's (its own catalogue's text); '' until known. */
  title?: (name: string) => string;
}) {
  const { t } = useTranslation();
  const query = useUser(userId);
  const name = query.data?.name ?? '';
  const defaultTitle = own
    ? t('users.profile.pageTitle')
    : name
      ? t('users.profile.otherPageTitle', { name })
      : '';
  useDocumentTitle(title ? title(name) : defaultTitle);
  if (query.isError && isNotFound(query.error)) return <Navigate to="/feed" replace />;
  if (query.isError)
    return (
      <div className="profile-header">
        <div className="container py-4">
          <ErrorState
            message={t(errorMessageKey(query.error, 'profile'))}
            onRetry={() => void query.refetch()}
          />
        </div>
      </div>
    );
  const counters = [
    ['collections', query.data?.total_collections, null],
    ['followers', query.data?.total_followers, `/profile/${userId}/followers`],
    ['following', query.data?.total_following, `/profile/${userId}/following`],
    ['likes', query.data?.total_likes, null],
  ] as const;
  return (
    <header className="profile-header">
      <div className="container py-4 py-lg-5 d-flex flex-column flex-md-row align-items-center gap-4">
        <Avatar
          name={name}
          picture={query.data?.picture}
          size="large"
          alt={t('users.profile.avatarAlt', { name })}
        />
        <div className="flex-grow-1 text-center text-md-start min-w-0">
          {query.isPending ? (
            // The name's own line (a heading's font size and line height), so the counters under
            // it stay put when the name arrives.
            <div className="h2 mb-0 placeholder-glow" role="status">
              <span className="visually-hidden">{t('common.loading')}</span>
              <span className="placeholder col-6 col-md-4" />
            </div>
          ) : (
            <h1 className="h2 fw-bold mb-0 text-break">{name}</h1>
          )}
          {actions && query.data ? <div className="mt-3">{actions(query.data)}</div> : null}
          {actions && query.isPending ? (
            // The buttons' line (one button's height), so the tabs and counters stay put.
            <div className="mt-3 placeholder-glow" aria-hidden="true">
              <span className="btn btn-outline-primary disabled placeholder col-4 col-md-2" />
            </div>
          ) : null}
          <nav aria-label={t('users.profile.sections')} className="mt-3">
            <ul className="nav nav-pills profile-tabs justify-content-center justify-content-md-start">
              {(
                [
                  ['overview', own ? '/profile' : `/profile/${userId}`],
                  ['stats', `/profile/${userId}/stats`],
                ] as const
              ).map(([tab, to]) => (
                <li key={tab} className="nav-item">
                  <Link
                    to={to}
                    className={`nav-link py-1 px-3${tab === section ? ' active' : ''}`}
                    aria-current={tab === section ? 'page' : undefined}
                  >
                    {t(`users.profile.${tab}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <dl className="profile-counters mb-0">
          {counters.map(([key, value, to]) => (
            // The number reads first on screen (column-reverse); dt stays first in the markup.
            <div key={key} className="d-flex flex-column-reverse">
              <dt className="small text-body-secondary fw-normal">
                {to ? (
                  <Link to={to} className="counter-link">
                    {t(`users.profile.${key}`)}
                  </Link>
                ) : (
                  t(`users.profile.${key}`)
                )}
              </dt>
              <dd className="h3 fw-bold mb-0">{value ?? '–'}</dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}
