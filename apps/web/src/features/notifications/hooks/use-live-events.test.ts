import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../testing/fixtures';
import { followLiveEvents } from './use-live-events';

function sse(text: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('followLiveEvents', () => {
  it('hands events over, reconnects after a drop with Last-Event-ID and backoff, and stops at 401', async () => {
    storeSession();
    const answers = [
      sse('id: n-1\nevent: notification\ndata: {"unread":2}\n\nid: n-2\nevent: timeline\ndata: {}\n\n'),
      new Response(null, { status: 503 }),
      sse('id: n-3\nevent: notification\ndata: {"unread":0}\n\n'),
      new Response(null, { status: 401 }),
    ];
    const sent: Headers[] = [];
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return answers.shift()!;
    }) as typeof fetch;
    const heard: unknown[] = [];
    const waits: number[] = [];
    await followLiveEvents(
      { onUnread: (n) => heard.push(n), onTimeline: () => heard.push('timeline') },
      new AbortController().signal,
      async (ms) => void waits.push(ms),
    );
    expect(heard).toEqual([2, 'timeline', 0]);
    expect(sent.map((h) => h.get('last-event-id'))).toEqual([null, 'n-2', 'n-2', 'n-3']);
    expect(sent.every((h) => h.get('authorization')?.startsWith('Bearer '))).toBe(true);
    // Longer after each failure, shorter again after a stream that opened.
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(waits[2]!).toBeLessThan(waits[1]!);
  });

  it('does not open without a session', async () => {
    let asked = false;
    globalThis.fetch = (async () => {
      asked = true;
      return new Response(null, { status: 500 });
    }) as typeof fetch;
    await followLiveEvents({ onUnread: () => {}, onTimeline: () => {} }, new AbortController().signal);
    expect(asked).toBe(false);
  });
});
