import type { Catalog } from '../types';

export const notifications: Catalog['notifications'] = {
  title: 'Notifications',
  close: 'Close',
  bellUnread_one: 'Notifications: {{count}} unread',
  bellUnread_other: 'Notifications: {{count}} unread',
  unreadCount_one: '{{count}} unread notification',
  unreadCount_other: '{{count}} unread notifications',
  noneUnread: 'No unread notifications.',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  markedOne: 'Notification marked as read.',
  markedAll: 'All notifications were marked as read.',
  unreadTag: 'unread',
  empty: 'No notifications here yet.',
  registrationTag: 'registration',
  registrationNotice:
    'Complete your registration: open the Configuration menu and fill in your account details.',
  registrationAction: 'Complete registration',
  kinds: {
    new_follower: '{{actor}} started following you.',
    like: '{{actor}} liked your collection “{{collection}}”.',
    save: '{{actor}} saved a copy of your collection “{{collection}}”.',
    collaborator_added: '{{actor}} asked you to collaborate on the collection “{{collection}}”.',
    item_added: '{{actor}} added items to the collection “{{collection}}”.',
    item_changed: '{{actor}} changed items of the collection “{{collection}}”.',
    comment: '{{actor}} commented on the collection “{{collection}}”.',
    mention: '{{actor}} mentioned you in a comment on the collection “{{collection}}”.',
    reply: '{{actor}} replied to your comment on the collection “{{collection}}”.',
    import_done: 'Your import is done. See the collections it created.',
    content_hidden:
      'Our team hid something of yours in “{{collection}}” after a report. Open it to see why and ask for a review.',
  },
};
