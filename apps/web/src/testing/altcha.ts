import { fireEvent } from '@testing-library/react';

/** The ALTCHA widget on the page, if any. */
export const altchaWidget = () => document.querySelector('altcha-widget');

/**
 * Where the widget fetches its challenges. React sets it as an attribute while the custom element is
 * not yet defined and as a property once it is (an earlier test in the same document loaded it).
 */
export const altchaChallengeUrl = (widget: Element) =>
  widget.getAttribute('challenge') ?? (widget as Element & { challenge?: string }).challenge;

/**
 * What the ALTCHA widget announces (its `statechange` event) when solved or expired. The real
 * widget loads in jsdom too but cannot solve there (no secure context), so tests speak for it.
 * It also shows an alert of its own about that, so forms' texts are found by their words.
 */
export function altchaSays(state: 'verified' | 'expired', payload?: string) {
  const widget = altchaWidget();
  if (!widget) throw new Error('no ALTCHA widget on the page');
  fireEvent(widget, new CustomEvent('statechange', { detail: { state, payload } }));
}

/** The JSON body of a stubbed call. */
export const bodyOf = (call: { init?: RequestInit | undefined } | undefined) =>
  JSON.parse(String(call?.init?.body)) as object;
