import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React renders on the server or hydrates server markup, true in any other render: a
 * component that would draw something the server could not know (the deployment's settings, say,
 * when their answer arrives before its part of the page hydrates) draws the server's version
 * first, as hydration requires, and React draws it again at once with what it knows (decision 044).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
