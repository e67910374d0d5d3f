import type { SessionInfo } from '@acervo/contract/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useAuth } from '../../../lib/auth';
import { formatDate, formatRelative } from '../../../lib/format';
import { usersApi } from '../api/users-api';

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Android" from a User-Agent: enough to recognise one's own devices. */
function describeDevice(userAgent: string | null): { browser: string; system: string } | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return browser && system ? { browser, system } : null;
}

const sessionsKey = ['sessions'] as const;

/** /account/security: where the account is signed in, each device ended on its own or all at once. */
export function DeviceSessions() {
  const { t, i18n } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const alert = useFormAlert();
  const [leaving, setLeaving] = useState(false);
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: usersApi.sessions });
  const end = useMutation({
    mutationFn: usersApi.endSession,
    onSuccess: (_answer, id) =>
      client.setQueryData<SessionInfo[]>(sessionsKey, (list) => list?.filter((s) => s.id !== id)),
  });

  const deviceName = (s: SessionInfo) => {
    const device = describeDevice(s.user_agent);
    return device ? t('users.sessions.device', device) : (s.user_agent ?? t('users.sessions.unknownDevice'));
  };

  const endAll = () =>
    alert.attempt('sessionEnd', async () => {
      setLeaving(true);
      try {
        await usersApi.endAllSessions();
        // This session ended with the others: forget it without a revoke, which would answer 401.
        await signOut({ revoke: false });
        await navigate('/login', { replace: true });
      } finally {
        setLeaving(false);
      }
    });

  return (
    <section className="card border-0 shadow-sm mt-4" aria-labelledby="sessions-title">
      <div className="card-body p-4">
        <h2 id="sessions-title" className="h5">
          {t('users.sessions.title')}
        </h2>
        <p className="text-body-secondary">{t('users.sessions.body')}</p>
        <FormAlert messageKey={alert.key} />
        {sessions.isPending ? (
          <p role="status">{t('users.sessions.loading')}</p>
        ) : (
          <ul className="list-group mb-3">
            {(sessions.data ?? []).map((s) => (
              <li key={s.id} className="list-group-item d-flex align-items-center gap-3 flex-wrap">
                <div className="flex-grow-1">
                  <p className="mb-0 fw-semibold">
                    {deviceName(s)}{' '}
                    {s.current && (
                      <span className="badge text-bg-success ms-1">{t('users.sessions.current')}</span>
                    )}
                  </p>
                  <p className="mb-0 small text-body-secondary">
                    {t('users.sessions.lastSeen', { when: formatRelative(s.last_seen_at, i18n.language) })}
                    {' · '}
                    {t('users.sessions.since', { date: formatDate(s.created_at) })}
                  </p>
                </div>
                {!s.current && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    aria-label={t('users.sessions.endLabel', { device: deviceName(s) })}
                    disabled={end.isPending}
                    onClick={() => void alert.attempt('sessionEnd', () => end.mutateAsync(s.id))}
                  >
                    {t('users.sessions.end')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={leaving}
          onClick={() => void endAll()}
        >
          {leaving ? t('users.sessions.endAllBusy') : t('users.sessions.endAll')}
        </button>
      </div>
    </section>
  );
}
