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
 * which a stream never has), read as the web app reads it: `fetch` and a stream reader.
 */
export async function openStream(baseUrl: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/notification/stream`, { headers, signal: abort.signal });
  const queue: ReceivedEvent[] = [];
  let done = false;
  let wake = () => {};
  const changed = () => new Promise<void>((resolve) => (wake = resolve));

  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    // Parsed by the web app's own reader of the stream.
    const feed = eventStreamParser((event) => {
      queue.push({ event: event.event, id: event.id, data: JSON.parse(event.data), at: performance.now() });
      wake();
    });
    void (async () => {
      try {
        for (;;) {
          const { value, done: over } = await reader.read();
          if (over) break;
          feed(value);
        }
      } catch {
        // Aborted by close().
      }
      done = true;
      wake();
    })();
  }

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
    status: res.status,
    body: res.ok ? '' : await res.text(),
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
    close: () => abort.abort(),
  };
}
