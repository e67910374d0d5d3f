import { useState } from 'react';
import { errorMessageKey, type ErrorContext } from '../lib/api-errors';
import type { TextKey } from '../lib/i18n';

/**
 * The warning alert above a form (spec section 8), as a catalogue key for `FormAlert`: `attempt`
 * clears it, runs a submit and, if the call fails, shows the text for that failure in `context`
 * (and hands the failure to `onFailure`, e.g. a contract form's `showApiErrors`); `show` puts up a
 * text of the form's own (an unsolved captcha, an answer without data).
 */
export function useFormAlert() {
  const [key, setKey] = useState<TextKey | null>(null);
  const attempt = async (
    context: ErrorContext,
    action: () => Promise<unknown>,
    onFailure?: (error: unknown) => void,
  ) => {
    setKey(null);
    try {
      await action();
    } catch (error) {
      onFailure?.(error);
      setKey(errorMessageKey(error, context));
    }
  };
  return { key, show: setKey, attempt };
}
