import '../texts';
import { COMMENT_BODY_MAX, type MentionablePerson } from '@acervo/contract/comment';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMentionable } from '../hooks/use-comments';

/** The `@name` being typed right before the caret: one or two words after an `@` that starts a word. */
const MENTION_BEFORE_CARET = /(?:^|[^\p{L}\p{N}_@])@(\p{L}[\p{L}\p{N}_.'-]*(?: [\p{L}\p{N}_.'-]*)?)$/u;
/** How long typing must pause before the names are asked for. */
const ASK_AFTER_MS = 200;

function typedMention(body: string, caret: number): string {
  return MENTION_BEFORE_CARET.exec(body.slice(0, caret))?.[1] ?? '';
}

function usePaused(value: string): string {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setPaused(value), ASK_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return value ? paused : '';
}

/**
 * The comment's text box with `@` autocomplete: typing `@An` offers the people the writer may
 * mention on this collection; arrows choose, Enter or Tab (or a click) writes `@Full Name `.
 */
export function MentionTextarea({
  id,
  collectionId,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  collectionId: string;
  value: string;
  onChange: (value: string) => void;
  describedBy: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(value.length);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const nextCaret = useRef<number | null>(null);
  const typed = typedMention(value, caret);
  const q = usePaused(typed === dismissed ? '' : typed);
  const suggestions = useMentionable(collectionId, q);
  const people: MentionablePerson[] = typed && q === typed ? (suggestions.data ?? []) : [];
  const open = people.length > 0;
  const listId = `${id}-mentions`;

  useLayoutEffect(() => {
    if (nextCaret.current === null || !box.current) return;
    box.current.setSelectionRange(nextCaret.current, nextCaret.current);
    setCaret(nextCaret.current);
    nextCaret.current = null;
  }, [value]);

  const pick = (person: MentionablePerson) => {
    const start = caret - typed.length - 1;
    const inserted = `@${person.name} `;
    nextCaret.current = start + inserted.length;
    setActive(0);
    onChange(value.slice(0, start) + inserted + value.slice(caret));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : people.length - 1;
      setActive((current) => (current + step) % people.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(people[Math.min(active, people.length - 1)]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(typed);
    }
  };

  return (
    <div className="position-relative">
      <textarea
        ref={box}
        id={id}
        className="form-control"
        rows={3}
        maxLength={COMMENT_BODY_MAX}
        placeholder={t('comments.placeholder')}
        aria-describedby={describedBy}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${Math.min(active, people.length - 1)}` : undefined}
        value={value}
        onChange={(event) => {
          setCaret(event.target.selectionStart);
          setActive(0);
          onChange(event.target.value);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('comments.mentionSuggestions')}
          className="list-group position-absolute start-0 shadow-sm mention-suggestions"
        >
          {people.map((person, index) => (
            <li
              key={person.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`list-group-item list-group-item-action${index === active ? ' active' : ''}`}
              // Keeps the focus (and the caret) in the text box.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(person);
              }}
            >
              {person.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
