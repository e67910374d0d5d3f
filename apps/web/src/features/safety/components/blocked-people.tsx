import '../texts';
import type { BlockedPerson } from '@acervo/contract/safety';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { ErrorState } from '../../../components/ui/error-state';
import { LiveMessage, useLiveMessage } from '../../../components/ui/live-message';
import { Loading } from '../../../components/ui/loading';
import { errorMessageKey } from '../../../lib/api-errors';
import { useBlockedPeople, useSetRelation } from '../hooks/use-safety';

/** /account/security: the people one blocked or muted, each undone on its own. */
export function BlockedPeople() {
  const { t } = useTranslation();
  const query = useBlockedPeople();
  const relation = useSetRelation();
  const [message, say] = useLiveMessage();
  const undo = (person: BlockedPerson, kind: 'block' | 'mute') =>
    relation.mutate(
      { userId: person.id, kind, on: false },
      {
        onSuccess: () =>
          say(
            t(kind === 'block' ? 'safety.blockedList.unblocked' : 'safety.blockedList.unmuted', {
              name: person.name,
            }),
          ),
        onError: (error) => say(t(errorMessageKey(error, 'relation')), 'failed'),
      },
    );
  return (
    <section
      className="card border-0 shadow-sm mt-4"
      id="blocked-people"
      aria-labelledby="blocked-people-title"
    >
      <div className="card-body p-4">
        <h2 id="blocked-people-title" className="h5">
          {t('safety.blockedList.title')}
        </h2>
        <p className="text-body-secondary">{t('safety.blockedList.intro')}</p>
        <LiveMessage message={message} />
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <ErrorState
            message={t(errorMessageKey(query.error, 'blockedList'))}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.length === 0 ? (
          <p className="mb-0">{t('safety.blockedList.empty')}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {query.data.map((person) => (
              <li key={person.id} className="d-flex flex-wrap align-items-center gap-3 py-2 border-top">
                <Avatar name={person.name} picture={person.picture} size="small" />
                <span className="flex-grow-1 text-break">
                  {person.name}{' '}
                  <span className="small text-body-secondary">
                    {[
                      person.blocked ? t('safety.blockedList.blocked') : null,
                      person.muted ? t('safety.blockedList.muted') : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                {person.blocked ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    onClick={() => undo(person, 'block')}
                  >
                    {t('safety.blockedList.unblock')}
                  </button>
                ) : null}
                {person.muted ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    onClick={() => undo(person, 'mute')}
                  >
                    {t('safety.blockedList.unmute')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
