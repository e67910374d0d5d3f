import { get, type ClientRequest, type IncomingMessage } from 'node:http';
import { eventStreamParser } from '@acervo/contract/event-stream';

/** One server-sent event as a client reads it. */
export interface ReceivedEvent {
  event: string;
  id: string | undefined;
  data: unknown;
  /** `performance.now()` when it arrived. */
  at: number;
}

export interface OpenStream {
  status: number;
  /** The error body of a refused stream. */
  body: string;
  /** The next event not yet taken; fails past `withinMs`. */
  next(withinMs?: number): Promise<ReceivedEvent>;
  /** The next event of that name, skipping others; fails past `withinMs`. */
  nextOf(event: string, withinMs?: number): Promise<ReceivedEvent>;
  /** Resolves once the server ended the stream; fails past `withinMs`. */
  ended(withinMs?: number): Promise<void>;
  close(): void;
}

/**
 * `GET /api/v1/notification/stream` over real HTTP (`app.inject` waits for the end of an answer,
 * which a stream never has), parsed by the web app's own reader of the stream. Each stream has a
 * connection of its own (no keep-alive pool) that `close()` destroys, so the server sees the client
 * go at once: with `fetch` and an abort, connections stayed open and `app.close()` waited for
 * them (65 s at the end of the authorization matrix).
 */
export async function openStream(baseUrl: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const { req, res } = await new Promise<{ req: ClientRequest; res: IncomingMessage }>((resolve, reject) => {
    const req = get(`${baseUrl}/api/v1/notification/stream`, { headers, agent: false }, (res) =>
      resolve({ req, res }),
    );
    req.on('error', reject);
  });
  const status = res.statusCode ?? 0;
  const ok = status >= 200 && status < 300;
  const queue: ReceivedEvent[] = [];
  let done = false;
  let wake = () => {};
  const changed = () => new Promise<void>((resolve) => (wake = resolve));

  res.setEncoding('utf8');
  let body = '';
  if (ok) {
    const feed = eventStreamParser((event) => {
      queue.push({ event: event.event, id: event.id, data: JSON.parse(event.data), at: performance.now() });
      wake();
    });
    res.on('data', (chunk: string) => feed(chunk));
  } else {
    res.on('data', (chunk: string) => (body += chunk));
  }
  // Destroyed by close(): the end of reading, not a failure.
  res.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    res.on('close', () => {
      done = true;
      wake();
      resolve();
    }),
  );
  if (!ok) await closed;

  const until = async <T>(found: () => T | undefined, withinMs: number, what: string): Promise<T> => {
    const deadline = performance.now() + withinMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no ${what} within ${withinMs} ms`);
      const timer = new Promise<void>((resolve) => setTimeout(resolve, left));
      await Promise.race([changed(), timer]);
    }
  };

  return {
    status,
    body,
    next: (withinMs = 2000) => until(() => queue.shift(), withinMs, 'event'),
    nextOf: (event, withinMs = 2000) =>
      until(
        () => {
          const i = queue.findIndex((e) => e.event === event);
          return i < 0 ? undefined : queue.splice(i, 1)[0];
        },
        withinMs,
        `${event} event`,
      ),
    ended: (withinMs = 2000) =>
      until(() => (done ? true : undefined), withinMs, 'end of the stream').then(() => {}),
    close: () => void req.destroy(),
  };
}
