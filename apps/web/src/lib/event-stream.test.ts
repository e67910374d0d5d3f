import { describe, expect, it } from 'vitest';
import { eventStreamParser, type StreamEvent } from '@acervo/contract/event-stream';

function parse(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const push = eventStreamParser((e) => events.push(e));
  for (const chunk of chunks) push(chunk);
  return events;
}

describe('eventStreamParser', () => {
  it('reads named events with ids, skipping comments and the retry field', () => {
    const text = 'retry: 3000\n\n: keep-alive\n\nid: a-1\nevent: notification\ndata: {"unread":2}\n\n';
    expect(parse([text])).toEqual([{ event: 'notification', id: 'a-1', data: '{"unread":2}' }]);
  });

  it('joins an event cut anywhere across chunks, CRLF split included', () => {
    const text =
      'id: 7\r\nevent: timeline\r\ndata: {}\r\n\r\nevent: notification\r\ndata: x\r\ndata: y\r\n\r\n';
    const byChar = parse([...text]);
    expect(byChar).toEqual([
      { event: 'timeline', id: '7', data: '{}' },
      // The id carries over, as in EventSource: it is the last one seen.
      { event: 'notification', id: '7', data: 'x\ny' },
    ]);
    expect(parse([text.slice(0, 13), text.slice(13)])).toEqual(byChar);
  });

  it('holds an event until its blank line arrives', () => {
    expect(parse(['event: timeline\ndata: {}\n'])).toEqual([]);
  });
});
