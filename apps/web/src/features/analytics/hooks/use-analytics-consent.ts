import { useSyncExternalStore } from 'react';

/**
 * The visitor's choice about analytics, kept in this browser: 'accepted' (the cookie notice's
 * button, needed before Google Analytics loads, LGPD) or 'declined' (the notice's other button, or
 * the opt-out on the privacy page, which also stops our own counting). null: not asked yet.
 */
export type AnalyticsConsent = 'accepted' | 'declined' | null;

const STORAGE_KEY = 'analytics_consent';
const listeners = new Set<() => void>();

function read(): AnalyticsConsent {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function setAnalyticsConsent(consent: 'accepted' | 'declined'): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, consent);
  } catch {
    // Storage refused (private mode): the choice is not kept, and the notice asks again.
  }
  listeners.forEach((listener) => listener());
}

export function useAnalyticsConsent(): AnalyticsConsent {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** Do Not Track or Global Privacy Control: the browser asks not to be tracked, so we never do. */
export function browserSaysDoNotTrack(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}
