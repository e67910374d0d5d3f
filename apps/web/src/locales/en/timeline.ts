import type { Catalog } from '../types';

export const timeline: Catalog['timeline'] = {
  heading: 'What the people you follow are up to',
  empty: 'Follow people or collections to see what they do here.',
  emptyAction: 'Find people',
  loadFailed: 'Could not load your timeline.',
  profileHeading: 'Recent activity',
  profileEmpty: 'No public activity here yet.',
  profileLoadFailed: 'Could not load the activity.',
  kinds: {
    collection_created:
      '<actor>{{actor}}</actor> created the collection <collection>{{collection}}</collection>',
    item_added_one: '<actor>{{actor}}</actor> added an item to <collection>{{collection}}</collection>',
    item_added_other:
      '<actor>{{actor}}</actor> added {{count}} items to <collection>{{collection}}</collection>',
    item_rated_one:
      '<actor>{{actor}}</actor> gave a new rating to an item in <collection>{{collection}}</collection>',
    item_rated_other:
      '<actor>{{actor}}</actor> gave new ratings to {{count}} items in <collection>{{collection}}</collection>',
    collection_saved: '<actor>{{actor}}</actor> saved the collection <collection>{{collection}}</collection>',
    collection_liked: '<actor>{{actor}}</actor> liked the collection <collection>{{collection}}</collection>',
    comment_added_one: '<actor>{{actor}}</actor> commented on <collection>{{collection}}</collection>',
    comment_added_other:
      '<actor>{{actor}}</actor> commented {{count}} times on <collection>{{collection}}</collection>',
  },
  rating: 'rated {{rating}}',
};
