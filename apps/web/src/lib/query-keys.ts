import type { QueryKey } from '@tanstack/react-query';

/**
 * Cache keys that more than one feature reads or changes. A like, a follow or a save (social)
 * changes a collection or a person that the collections and users features show, so those keys
 * live here, in shared code, instead of one feature reaching into another.
 */
export const sharedKeys = {
  /** Every listing of collection cards (profile tabs, feed pages, the popular strip). */
  collections: ['collections'] as const,
  collection: (id: string) => ['collection', id] as const,
  /** Every profile (`['user', id]`), for counters that follow a write. */
  users: ['user'] as const,
  user: (id: string) => ['user', id] as const,
  /** Every listing of people (followers, following, popular, network). */
  people: ['people'] as const,
  /** "Seguindo" and people's activity (features/timeline): follows, blocks and mutes change them. */
  timeline: ['timeline'] as const,
} satisfies Record<string, QueryKey | ((id: string) => QueryKey)>;
