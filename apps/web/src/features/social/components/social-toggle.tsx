import '../texts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveMessage, useLiveMessage } from '../../../components/ui/live-message';
import { errorMessageKey } from '../../../lib/api-errors';

type Toggle = { id: string; on: boolean };
type ToggleMutation = {
  isPending: boolean;
  mutate: (toggle: Toggle, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
};

/**
 * A like or follow button: a real toggle (`aria-pressed`) whose label stays the same, so a screen
 * reader hears "Seguir, pressionado" rather than a name that changes under it. The click shows at
 * once (the mutation patches the caches) and the outcome is said in a live region; a failure is
 * also written under the button, which has gone back to its previous state.
 */
export function SocialToggle({
  kind,
  targetId,
  name,
  pressed,
  mutation,
  className,
  label,
  children,
}: {
  kind: 'like' | 'follow';
  targetId: string;
  /** Of the collection or person, for the messages. */
  name: string;
  pressed: boolean;
  mutation: ToggleMutation;
  className: string;
  /** Accessible name when the visible content is not enough (an icon, or one of many cards). */
  label?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [message, say] = useLiveMessage();
  const onClick = () => {
    // One call at a time; the button stays enabled so keyboard focus never drops off it.
    if (mutation.isPending) return;
    const on = !pressed;
    mutation.mutate(
      { id: targetId, on },
      {
        onSuccess: () => say(t(`social.${kind}.${on ? 'done' : 'undone'}`, { name })),
        onError: (error) =>
          say(
            t(errorMessageKey(error, on ? kind : kind === 'like' ? 'unlike' : 'unfollow'), { name }),
            'failed',
          ),
      },
    );
  };
  return (
    <>
      <button
        type="button"
        className={`${className}${pressed ? ' active' : ''}`}
        aria-pressed={pressed}
        aria-label={label}
        aria-busy={mutation.isPending || undefined}
        onClick={onClick}
      >
        {children}
      </button>
      <LiveMessage message={message} className="w-100 order-last" />
    </>
  );
}
