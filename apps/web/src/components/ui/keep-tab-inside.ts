import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The `onKeyDown` of every react-bootstrap Modal (issue 12: modals trap focus). The Modal pulls
 * focus back when it lands on the page behind, but Tab past its last control leaves the document
 * for the browser's own toolbar, where nothing pulls it back; so Tab wraps from the last control
 * to the first, and Shift+Tab from the first to the last.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    // Controls in a hidden part of the dialog are skipped by Tab too (no layout to ask in jsdom).
    (element) => element.checkVisibility?.() ?? true,
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
