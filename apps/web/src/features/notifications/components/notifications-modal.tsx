import '../texts';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { keepTabInside } from '../../../components/ui/keep-tab-inside';
import { LiveMessage, useLiveMessage } from '../../../components/ui/live-message';
import { LoadMore } from '../../../components/ui/load-more';
import { Loading } from '../../../components/ui/loading';
import { useLoadMore } from '../../../hooks/use-load-more';
import { errorMessageKey } from '../../../lib/api-errors';
import { useMarkRead, useNotifications } from '../hooks/use-notifications';
import { NotificationRow } from './notification-row';

/** The bell's dialog: the notifications, newest first, each or all marked as read (issue 8). */
export function NotificationsModal({
  show,
  onHide,
  unread,
}: {
  show: boolean;
  onHide: () => void;
  unread: number;
}) {
  const { t } = useTranslation();
  const query = useNotifications(show);
  const markRead = useMarkRead();
  const [message, say] = useLiveMessage();
  const { container, loadMore } = useLoadMore(
    query.data?.length ?? 0,
    query.fetchNextPage,
    '.notification-link',
  );
  const markable = query.data?.some((n) => !n.read && n.kind !== 'complete_profile') ?? false;

  const mark = (ids: string[] | undefined, then: () => void = () => {}) =>
    markRead.mutate(ids, {
      onSuccess: () => {
        say(t(ids ? 'notifications.markedOne' : 'notifications.markedAll'));
        then();
      },
      onError: (error) => say(t(errorMessageKey(error, 'notificationsRead')), 'failed'),
    });

  return (
    <Modal
      show={show}
      onHide={onHide}
      centered
      scrollable
      aria-labelledby="notifications-title"
      onKeyDown={keepTabInside}
    >
      <Modal.Header closeButton closeLabel={t('notifications.close')}>
        <Modal.Title id="notifications-title">{t('notifications.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <span className="small text-body-secondary">
            {unread ? t('notifications.unreadCount', { count: unread }) : t('notifications.noneUnread')}
          </span>
          {markable ? (
            <button
              type="button"
              className="btn btn-sm btn-link p-0"
              aria-busy={markRead.isPending}
              onClick={() => mark(undefined)}
            >
              {t('notifications.markAllRead')}
            </button>
          ) : null}
        </div>
        <LiveMessage message={message} className="mb-2" />
        {query.data ? (
          query.data.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('notifications.empty')}</p>
          ) : (
            <div ref={container}>
              <ul className="list-unstyled notification-list mb-0">
                {query.data.map((notification) => (
                  <NotificationRow
                    key={notification.id}
                    notification={notification}
                    onOpen={onHide}
                    onMarkRead={(then) => mark([notification.id], then)}
                  />
                ))}
              </ul>
              <LoadMore
                hasNextPage={query.hasNextPage}
                loading={query.isFetchingNextPage}
                failedText={
                  query.isFetchNextPageError ? t(errorMessageKey(query.error, 'notifications')) : null
                }
                onLoadMore={loadMore}
              />
            </div>
          )
        ) : query.isError ? (
          <ErrorState
            message={t(errorMessageKey(query.error, 'notifications'))}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Loading />
        )}
      </Modal.Body>
    </Modal>
  );
}
