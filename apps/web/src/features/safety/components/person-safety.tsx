import '../texts';
import type { UserProfile } from '@acervo/contract/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LiveMessage, useLiveMessage } from '../../../components/ui/live-message';
import { errorMessageKey } from '../../../lib/api-errors';
import { useSetRelation } from '../hooks/use-safety';
import { ReportButton } from './report-dialog';

/**
 * On someone else's profile: 'Silenciar' (their activity stops reaching you; they are not told),
 * 'Bloquear' (after a confirmation; then the profile is gone for you too, so you land on the list
 * of blocked people, where it can be undone) and
 * 'Denunciar'.
 */
export function PersonSafetyActions({ person }: { person: UserProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The profile is gone for the blocker too: show them the list where they can undo it.
  const relation = useSetRelation({ onBlocked: () => navigate('/account/security#blocked-people') });
  const [confirming, setConfirming] = useState(false);
  const [message, say] = useLiveMessage();
  const muted = Boolean(person.muted_by_me);
  const name = person.name;
  const toggleMute = () =>
    relation.mutate(
      { userId: person.id, kind: 'mute', on: !muted },
      {
        onSuccess: () => say(t(muted ? 'safety.person.unmuted' : 'safety.person.muted', { name })),
        onError: (error) => say(t(errorMessageKey(error, 'relation')), 'failed'),
      },
    );
  const block = () =>
    relation.mutate(
      { userId: person.id, kind: 'block', on: true },
      {
        onSuccess: () => setConfirming(false),
        onError: (error) => {
          setConfirming(false);
          say(t(errorMessageKey(error, 'relation')), 'failed');
        },
      },
    );
  return (
    <div className="d-flex flex-wrap gap-2 justify-content-center justify-content-md-start">
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-pressed={muted}
        disabled={relation.isPending}
        onClick={toggleMute}
      >
        {t(muted ? 'safety.person.unmute' : 'safety.person.mute')}
      </button>
      <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
        {t('safety.person.block')}
      </button>
      <ReportButton type="user" id={person.id} />
      <LiveMessage message={message} className="w-100" />
      <ConfirmDialog
        show={confirming}
        title={t('safety.person.blockTitle', { name })}
        message={t('safety.person.blockMessage', { name })}
        confirmLabel={t('safety.person.blockConfirm')}
        cancelLabel={t('safety.person.cancel')}
        busy={relation.isPending}
        onConfirm={block}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
