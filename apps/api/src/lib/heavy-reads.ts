import pLimit from 'p-limit';

/**
 * Runs one expensive read (search, recommendations, statistics, taste in common) once it has a
 * turn: at most `atOnce` of them run at a time on this process, the others wait in line for it
 * without holding a database connection. Cheap reads and writes never wait behind them, so the
 * pages people open most stay fast while the database is busy (decision 059).
 */
export type HeavyReads = <T>(read: () => Promise<T>) => Promise<T>;

export function heavyReads(atOnce: number): HeavyReads {
  const limit = pLimit(atOnce);
  return (read) => limit(read);
}
