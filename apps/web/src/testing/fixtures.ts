import type { Collection } from '@acervo/contract/collection';

/** Signs `userId` in the way the app finds a session: the spec's localStorage keys. */
export function storeSession(userId = 'u1', { name = 'Ana', email = 'ana@example.com' } = {}) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user_id', userId);
  localStorage.setItem('user_name', name);
  localStorage.setItem('user_email', email);
}

/** A collection as the API answers it, owned by u1; tests override what they are about. */
export function aCollection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 'c1',
    name: 'Filmes que revejo',
    description: '',
    user_id: 'u1',
    owner_name: 'Ana',
    owner_picture: null,
    category_id: 'k1',
    category_name: 'Filmes',
    private: false,
    followers: 0,
    likes: 0,
    comments_count: 0,
    comments_enabled: true,
    location: 'Brasil',
    last_updated: '2026-03-05T12:00:00.000Z',
    created_at: '2026-03-01T12:00:00.000Z',
    items_count: 0,
    collection_items: [],
    liked_by_me: false,
    followed_by_me: false,
    my_role: null,
    saved_from: null,
    cover: null,
    ...overrides,
  };
}
