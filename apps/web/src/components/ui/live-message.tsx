import { useCallback, useState } from 'react';

export type LiveText = { text: string; tone: 'done' | 'failed' };

/**
 * Says what a control did. The region is always in the page (a region that appears together with
 * its text is often not read out); a success is for screen readers only, since the control itself
 * shows it, while a failure stays visible next to the control that rolled back.
 */
export function LiveMessage({ message, className }: { message: LiveText | null; className?: string }) {
  const failed = message?.tone === 'failed';
  return (
    <div
      role="status"
      aria-live="polite"
      className={failed ? `small text-danger ${className ?? ''}`.trim() : 'visually-hidden'}
    >
      {message?.text ?? ''}
    </div>
  );
}

/** The latest message of a control and the function that replaces it. */
export function useLiveMessage() {
  const [message, setMessage] = useState<LiveText | null>(null);
  const say = useCallback((text: string, tone: LiveText['tone'] = 'done') => setMessage({ text, tone }), []);
  return [message, say] as const;
}
