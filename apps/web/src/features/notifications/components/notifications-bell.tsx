import '../texts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../../components/ui/icons';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import { useLiveEvents } from '../hooks/use-live-events';
import { useUnreadCount } from '../hooks/use-notifications';

// The dialog (react-bootstrap's Modal, the list) loads when the bell is first pressed.
const NotificationsModal = lazyDialog(async () => (await import('./notifications-modal')).NotificationsModal);

/** The spec's badge reads '01': two digits, and 99+ past that. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count).padStart(2, '0');
}

/**
 * The header's bell (issue 8): the real unread count, no badge at zero, and the notifications
 * modal. The count arrives live over the event stream (issue 26), and is also asked for every
 * minute and when the window regains focus, should the stream be down.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  useLiveEvents();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount().data ?? 0;
  return (
    <>
      <button
        type="button"
        className="btn btn-icon position-relative"
        title={t('notifications.title')}
        aria-label={unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.title')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <BellIcon />
        {unread > 0 ? (
          <span
            className="position-absolute top-0 start-100 translate-middle badge rounded-pill text-bg-danger"
            aria-hidden="true"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      <NotificationsModal show={open} onHide={() => setOpen(false)} unread={unread} />
    </>
  );
}
