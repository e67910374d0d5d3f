import type { Comment } from '@acervo/contract/comment';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What a link may end with: sentence punctuation after a URL is not part of it. */
const TRAILING = /[.,;:!?)\]'"»”]+$/u;

/**
 * A comment's text as React elements, never HTML: web addresses (http and https only) become
 * links that search engines do not follow, and `@Name` of each person the server resolved
 * becomes a link to their profile. Everything else is text, line breaks kept by `.comment-body`.
 */
export function CommentText({ comment }: { comment: Pick<Comment, 'body' | 'mentions'> }) {
  const names = [...comment.mentions].sort((a, b) => b.name.length - a.name.length);
  const mention = names.length ? `|@(${names.map((m) => escape(m.name)).join('|')})(?![\\p{L}\\p{N}_])` : '';
  const pattern = new RegExp(`(https?://[^\\s<>"]+)${mention}`, 'giu');
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of comment.body.matchAll(pattern)) {
    const [whole, url, name] = match;
    let end = match.index + whole.length;
    if (url) {
      const href = url.replace(TRAILING, '');
      end = match.index + href.length;
      parts.push(
        comment.body.slice(last, match.index),
        <a key={parts.length} href={href} rel="nofollow ugc noopener" target="_blank">
          {href}
        </a>,
      );
    } else if (name) {
      const person = names.find((m) => m.name.toLocaleLowerCase() === name.toLocaleLowerCase());
      parts.push(
        comment.body.slice(last, match.index),
        person ? (
          <Link key={parts.length} to={`/profile/${encodeURIComponent(person.id)}`}>
            {whole}
          </Link>
        ) : (
          whole
        ),
      );
    }
    last = end;
  }
  parts.push(comment.body.slice(last));
  return <p className="comment-body mb-1">{parts}</p>;
}
