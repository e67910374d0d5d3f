import type { HighlightedText as Highlighted } from '@acervo/contract/search';
import type { ReactNode } from 'react';

/**
 * Text with the matched words in <mark>. The API sends plain text and offsets, never HTML, so
 * nothing here is parsed as markup; ranges out of bounds or overlapping are clipped.
 */
export function HighlightedText({ value }: { value: Highlighted }) {
  const { text } = value;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of [...value.highlights].sort((a, b) => a.start - b.start)) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) parts.push(text.slice(at, from));
    parts.push(<mark key={from}>{text.slice(from, to)}</mark>);
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
