import '../texts';
import type { Notification } from '@acervo/contract/notification';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRelative } from '../../../lib/format';

/** Where a notice leads: the new follower's profile, or the collection concerned. */
function targetOf(notification: Notification): string {
  if (notification.kind === 'complete_profile') return '/account/profile';
  // An import that added only to existing collections names none: the profile lists them all.
  if (notification.kind === 'import_done' && !notification.collection) return '/profile';
  if (notification.kind === 'new_follower' || !notification.collection)
    return `/profile/${notification.actor?.id ?? ''}`;
  return `/lists/${notification.collection.id}`;
}

/**
 * One notice: what happened as a link to where it happened, when, and 'Marcar como lida' while it
 * is unread. Following the link marks it read too and closes the modal.
 */
export function NotificationRow({
  notification,
  onOpen,
  onMarkRead,
}: {
  notification: Notification;
  onOpen: () => void;
  onMarkRead: (then: () => void) => void;
}) {
  const { t, i18n } = useTranslation();
  const link = useRef<HTMLAnchorElement>(null);
  const textId = `notification-${notification.id}`;

  if (notification.kind === 'complete_profile')
    // The spec's registration notice: it goes away once the account form is filled in.
    return (
      <li className="notification unread d-flex gap-3 align-items-start">
        <span className="badge text-bg-warning text-uppercase">{t('notifications.registrationTag')}</span>
        <div>
          <p className="mb-2">{t('notifications.registrationNotice')}</p>
          <Link to="/account/profile" className="btn btn-sm btn-outline-primary" onClick={onOpen}>
            {t('notifications.registrationAction')}
          </Link>
        </div>
      </li>
    );

  const text = t(`notifications.kinds.${notification.kind}`, {
    actor: notification.actor?.name ?? '',
    collection: notification.collection?.name ?? '',
  });
  return (
    <li className={`notification d-flex gap-3 align-items-start${notification.read ? '' : ' unread'}`}>
      <span className="notification-dot" aria-hidden="true" />
      <div className="flex-grow-1 min-w-0">
        <Link
          ref={link}
          id={textId}
          to={targetOf(notification)}
          className="notification-link text-break"
          onClick={() => {
            if (!notification.read) onMarkRead(() => {});
            onOpen();
          }}
        >
          {text}
        </Link>
        <div className="small text-body-secondary">
          <time dateTime={notification.created_at}>
            {formatRelative(notification.created_at, i18n.language)}
          </time>
          {notification.read ? null : (
            <span className="visually-hidden">, {t('notifications.unreadTag')}</span>
          )}
        </div>
      </div>
      {notification.read ? null : (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary flex-shrink-0"
          aria-describedby={textId}
          // The button goes once the notice is read: focus moves to the notice's link.
          onClick={() => onMarkRead(() => link.current?.focus())}
        >
          {t('notifications.markRead')}
        </button>
      )}
    </li>
  );
}
