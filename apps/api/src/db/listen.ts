import pg from 'pg';

/** What a `Db.listen` subscriber hears: each notification's payload, and whether it is listening. */
export interface Listener {
  onMessage(payload: string): void;
  /**
   * `false` when the connection dropped (notifications sent meanwhile are lost), `true` once
   * listening again: a cache that relies on notifications must not be trusted in between.
   */
  onListening(listening: boolean): void;
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on a PostgreSQL server for every channel a process subscribes to, over one dedicated
 * connection (a pooled one would be handed to other queries; one per channel would cost the
 * server a backend each), reconnecting every second while it is down. The connection opens with
 * the first subscriber and closes with the last.
 */
export function postgresListener(url: string) {
  const channels = new Map<string, Set<Listener>>();
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  // Connecting, subscribing and unsubscribing run one at a time, so a channel added while the
  // connection is being (re)made is never missed.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(step: () => Promise<T>): Promise<T> => {
    const next = queue.then(step, step);
    queue = next.catch(() => {});
    return next;
  };
  const everyone = () => [...channels.values()].flatMap((listeners) => [...listeners]);

  const connect = async (): Promise<void> => {
    retry = undefined;
    if (current || channels.size === 0) return;
    // The application name lets operators (and a test) find this connection in pg_stat_activity.
    const client = new pg.Client({ connectionString: url, application_name: 'acervo-listen' });
    // A lost connection also ends it: 'end' below handles both.
    client.on('error', () => {});
    client.on('notification', (message) => {
      for (const listener of channels.get(message.channel) ?? []) listener.onMessage(message.payload ?? '');
    });
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      for (const listener of everyone()) listener.onListening(false);
      schedule();
    });
    try {
      await client.connect();
      for (const channel of channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch {
      await client.end().catch(() => {});
      schedule();
      return;
    }
    current = client;
    for (const listener of everyone()) listener.onListening(true);
  };
  const schedule = () => {
    if (retry || channels.size === 0) return;
    retry = setTimeout(() => void serially(connect), RECONNECT_MS);
    retry.unref();
  };

  return {
    /** Subscribes; resolves once the first attempt is over, listening or not. Returns the unsubscribe. */
    async listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      await serially(async () => {
        const listeners = channels.get(channel) ?? new Set<Listener>();
        const added = listeners.size === 0;
        channels.set(channel, listeners.add(listener));
        if (!current) return retry ? undefined : connect();
        // Already listening for others: only a new channel needs a word with the server. If the
        // connection fails here, its 'end' tells every subscriber, this one included.
        if (added) await current.query(`LISTEN ${channel}`).catch(() => {});
        if (current) listener.onListening(true);
      });
      return () =>
        serially(async () => {
          const listeners = channels.get(channel);
          if (!listeners?.delete(listener) || listeners.size > 0) return;
          channels.delete(channel);
          const client = current;
          if (channels.size > 0) {
            await client?.query(`UNLISTEN ${channel}`).catch(() => {});
            return;
          }
          clearTimeout(retry);
          retry = undefined;
          current = undefined;
          await client?.end().catch(() => {});
        });
    },
  };
}
