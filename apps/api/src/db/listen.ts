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
 * LISTEN on a PostgreSQL server over a dedicated connection (a pooled one would be handed to other
 * queries), reconnecting every second while it is down. Resolves once the first attempt is over,
 * listening or not; the returned function stops.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  listener: Listener,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // The application name lets operators (and a test) find this connection in pg_stat_activity.
    const client = new pg.Client({ connectionString: url, application_name: 'acervo-listen' });
    // A lost connection also ends it: 'end' below handles both.
    client.on('error', () => {});
    client.on('notification', (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? '');
    });
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      listener.onListening(false);
      schedule();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      await client.end().catch(() => {});
      schedule();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    listener.onListening(true);
  };
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
