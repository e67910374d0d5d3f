import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventStreamParser, type StreamEvent } from '@acervo/contract/event-stream';
import { sharedKeys } from '../../../lib/query-keys';
import { readStoredSession } from '../../../lib/session-storage';
import { notificationKeys } from './use-notifications';

const STREAM_URL = '/api/v1/notification/stream';
/** First wait before reconnecting, doubled after each failure up to the longest. */
export const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_LONGEST_MS = 30_000;

export interface LiveHandlers {
  onUnread(unread: number): void;
  onTimeline(): void;
}

/**
 * Reads the live bell's stream (issue 26) until `signal` aborts: `fetch` with the bearer token
 * (never in the URL, where logs keep it), reconnecting with backoff and `Last-Event-ID` after
 * the stream drops or a node refuses it. A 401 (the session ended: the server ends its streams
 * then) stops for good; so does signing out, which aborts `signal`.
 */
export async function followLiveEvents(
  handlers: LiveHandlers,
  signal: AbortSignal,
  wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  let lastEventId: string | undefined;
  let delay = RECONNECT_FIRST_MS;
  const dispatch = (event: StreamEvent) => {
    lastEventId = event.id ?? lastEventId;
    if (event.event === 'notification') {
      const { unread } = JSON.parse(event.data) as { unread: number };
      handlers.onUnread(unread);
    } else if (event.event === 'timeline') {
      handlers.onTimeline();
    }
  };
  while (!signal.aborted) {
    const token = readStoredSession()?.token;
    if (!token) return;
    const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    try {
      const response = await fetch(STREAM_URL, { headers, signal, cache: 'no-store' });
      if (response.status === 401) return;
      if (response.ok && response.body) {
        delay = RECONNECT_FIRST_MS;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const push = eventStreamParser(dispatch);
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          push(value);
        }
      }
    } catch {
      // Offline, a node gone mid-stream, or aborted: the loop decides.
    }
    if (signal.aborted) return;
    // Jitter, so the tabs a restarted node dropped do not all come back in the same instant.
    await wait(delay * (0.5 + Math.random() / 2));
    delay = Math.min(delay * 2, RECONNECT_LONGEST_MS);
  }
}

/**
 * While mounted (the signed-in header's bell), the bell's count and "Seguindo" follow the
 * server's events instead of waiting for the next poll or a reload.
 */
export function useLiveEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const abort = new AbortController();
    void followLiveEvents(
      {
        onUnread: (unread) => {
          if (client.getQueryData(notificationKeys.unread) === unread) return;
          client.setQueryData(notificationKeys.unread, unread);
          void client.invalidateQueries({ queryKey: notificationKeys.list });
        },
        onTimeline: () => void client.invalidateQueries({ queryKey: sharedKeys.timeline }),
      },
      abort.signal,
    );
    return () => abort.abort();
  }, [client]);
}
