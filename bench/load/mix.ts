// What bench:load asks of the server (run.ts drives it over HTTP on many connections;
// statements.ts over one, one request at a time): the mix described at the top of run.ts.
import type { Ready } from './protocol.ts';

/** Words found in collection titles and item names of several categories: searches that match. */
const SEARCH_WORDS = ['brasil', 'clássicos', 'favoritos', 'domingo', 'viagem', 'café', 'música', 'série'];

export type Kind =
  | 'feed'
  | 'collection'
  | 'profile'
  | 'stats'
  | 'recommended'
  | 'search'
  | 'timeline'
  | 'comment'
  | 'like'
  | 'follow'
  | 'item add'
  | 'item delete'
  | 'baseline';

export interface Call {
  kind: Kind;
  method: string;
  path: string;
  token?: string;
  body?: unknown;
  /** Sees the answer (2xx only): keeps the toggles' and the added items' state. */
  onOk?: (body: string) => void;
}

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[random(list.length)]!;

/** The mix: what a person does next, and the state their toggles and items need. */
export function mix(ready: Pick<Ready, 'accounts' | 'categories' | 'collections' | 'people'>) {
  const liked = new Set<string>();
  const following = new Set<string>();
  const added = new Map<string, string[]>();
  const timelineCursors = new Map<string, string>();
  const enc = encodeURIComponent;
  const toggle = (set: Set<string>, key: string) => {
    const on = !set.has(key);
    return { method: on ? 'PUT' : 'DELETE', onOk: () => void (on ? set.add(key) : set.delete(key)) };
  };
  return (): Call => {
    const account = pick(ready.accounts);
    const token = account.token;
    const roll = Math.random();
    if (roll < 0.2) {
      return {
        kind: 'feed',
        method: 'GET',
        path: `/api/v1/collection/by_category/${pick(ready.categories)}`,
        token,
      };
    }
    if (roll < 0.4) {
      return {
        kind: 'collection',
        method: 'GET',
        path: `/api/v1/collection/${pick(ready.collections).id}`,
        token,
      };
    }
    if (roll < 0.5) {
      const person = pick(ready.people);
      const which = Math.random();
      // A profile's "Estatísticas" tab (issue 28).
      if (which < 1 / 3) return { kind: 'stats', method: 'GET', path: `/api/v1/user/${person}/stats`, token };
      const path = which < 2 / 3 ? `/api/v1/user/${person}` : `/api/v1/collection/by_user/${person}?limit=50`;
      return { kind: 'profile', method: 'GET', path, token };
    }
    if (roll < 0.55) {
      // One's own /profile: the recommended strip is its first request.
      return { kind: 'recommended', method: 'GET', path: '/api/v1/collection/recommended?limit=20', token };
    }
    if (roll < 0.65) {
      return {
        kind: 'search',
        method: 'GET',
        path: `/api/v1/search?type=collection&q=${enc(pick(SEARCH_WORDS))}`,
        token,
      };
    }
    if (roll < 0.7) {
      // "Seguindo" (decision 045): the first page, or the one after the account's last page read.
      const after = timelineCursors.get(account.userId);
      const next = after && Math.random() < 0.5 ? after : null;
      return {
        kind: 'timeline',
        method: 'GET',
        path: `/api/v1/timeline${next ? `?cursor=${enc(next)}` : ''}`,
        token,
        onOk: (body) => {
          const cursor = (JSON.parse(body) as { next_cursor: string | null }).next_cursor;
          if (cursor) timelineCursors.set(account.userId, cursor);
          else timelineCursors.delete(account.userId);
        },
      };
    }
    if (roll < 0.73) {
      // A comment on a public collection (issue 26): written, counted, its owner and followers told.
      return {
        kind: 'comment',
        method: 'POST',
        path: `/api/v1/collection/${pick(ready.collections).id}/comments`,
        token,
        body: { body: `Comentário da carga ${random(1_000_000)}: que boa lista!` },
      };
    }
    if (roll < 0.9) {
      const collection = pick(ready.collections);
      const social = Math.random();
      if (social < 0.5) {
        const key = `${account.userId}:${collection.id}`;
        return {
          kind: 'like',
          path: `/api/v1/collection/${collection.id}/like`,
          token,
          ...toggle(liked, key),
        };
      }
      // Following a collection: not one's own (that is a 4xx by design, not what we measure).
      if (social < 0.75 && collection.owner !== account.userId) {
        const key = `c:${account.userId}:${collection.id}`;
        return {
          kind: 'follow',
          path: `/api/v1/collection/${collection.id}/follow`,
          token,
          ...toggle(following, key),
        };
      }
      // Following a person: not oneself (a 4xx by design), so draw again if it is.
      let person = pick(ready.people);
      while (person === account.userId) person = pick(ready.people);
      const key = `p:${account.userId}:${person}`;
      return { kind: 'follow', path: `/api/v1/user/${person}/follow`, token, ...toggle(following, key) };
    }
    const mine = added.get(account.userId) ?? [];
    if (mine.length > 0 && Math.random() < 0.4) {
      const item = mine.splice(random(mine.length), 1)[0]!;
      return { kind: 'item delete', method: 'DELETE', path: `/api/v1/collection_items/${item}`, token };
    }
    return {
      kind: 'item add',
      method: 'POST',
      path: '/api/v1/collection_items',
      token,
      body: {
        collection_id: pick(account.collections),
        name: `Item da carga ${random(1_000_000)}`,
        description: 'Acrescentado pelo benchmark de carga.',
        rating: 4.5,
      },
      onOk: (body) => {
        mine.push((JSON.parse(body) as { data: { id: string } }).data.id);
        added.set(account.userId, mine);
      },
    };
  };
}
