/** One server-sent event: its name (`message` when unnamed), its id and its data lines joined. */
export interface StreamEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * A parser of `text/event-stream` (the WHATWG rules we need: fields, comments, multi-line data,
 * CR/LF/CRLF line ends), fed chunks as they arrive from a stream reader. The browser's
 * EventSource cannot send the Authorization header, so the app reads the stream with `fetch`.
 */
export function eventStreamParser(onEvent: (event: StreamEvent) => void) {
  let buffer = '';
  let event = '';
  let id: string | undefined;
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', id, data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };
  return (chunk: string) => {
    buffer += chunk;
    let end: RegExpExecArray | null;
    const lineEnd = /\r\n|\r|\n/g;
    let start = 0;
    while ((end = lineEnd.exec(buffer))) {
      // A CR at the very end may be the first half of a CRLF still on its way.
      if (end[0] === '\r' && end.index === buffer.length - 1) break;
      line(buffer.slice(start, end.index));
      start = end.index + end[0].length;
    }
    buffer = buffer.slice(start);
  };
}
