import type { QueryClient, QueryKey } from '@tanstack/react-query';

type Entity = Record<string, unknown>;

/** What the caches held before a patch, to put back when the write it anticipated fails. */
export type CacheSnapshot = Array<[QueryKey, unknown]>;

/**
 * Rewrites, in every answer cached under `prefixes`, each object that `matches` accepts, wherever
 * it sits (a detail, an array, the pages of an infinite listing). Untouched branches keep their
 * identity, so only the screens showing that object render again. Returns the previous data.
 */
export function patchCached<T extends Entity>(
  client: QueryClient,
  prefixes: readonly QueryKey[],
  matches: (value: Entity) => boolean,
  patch: (value: T) => T,
): CacheSnapshot {
  const snapshot: CacheSnapshot = prefixes.flatMap((queryKey) => client.getQueriesData({ queryKey }));
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const next = value.map(walk);
      return next.some((entry, index) => entry !== value[index]) ? next : value;
    }
    if (value === null || typeof value !== 'object') return value;
    const entity = value as Entity;
    if (matches(entity)) return patch(entity as T);
    let changed = false;
    const next: Entity = {};
    for (const [key, child] of Object.entries(entity)) {
      next[key] = walk(child);
      if (next[key] !== child) changed = true;
    }
    return changed ? next : value;
  };
  for (const queryKey of prefixes) client.setQueriesData({ queryKey }, walk);
  return snapshot;
}

/** Puts back what `patchCached` replaced. */
export function restoreCached(client: QueryClient, snapshot: CacheSnapshot | undefined): void {
  for (const [queryKey, data] of snapshot ?? []) client.setQueryData(queryKey, data);
}
