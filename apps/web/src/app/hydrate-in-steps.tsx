import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * The parts of the layout that hydrate in their own task after the shell, in this order (decision
 * 036): the page first, because its form or links are what the visitor came for, then the header,
 * then the footer, which starts below the first screen.
 */
const STEPS = ['page', 'header', 'footer'] as const;

type Step = (typeof STEPS)[number];

/** The steps not yet released, while a prerendered page hydrates; null at any other time. */
let held: Map<Step, { promise: Promise<void>; release: () => void }> | null = null;

/** Settles once every step has hydrated. */
let allHydrated: Promise<void> = Promise.resolve();

/** Lets the browser paint and handle input between two pieces of start-up work (TBT). */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Resolves in the task after the one in which Preact runs the effects of what it has just drawn:
 * Preact runs them in a timeout it sets on the next animation frame, or after 35 ms when no frame
 * comes (a hidden tab); this is the same wait, set up after Preact's, so its timeout fires later.
 */
function afterPreactEffects(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timeout);
      cancelAnimationFrame(frame);
      setTimeout(resolve, 0);
    };
    const timeout = setTimeout(done, 35);
    const frame = requestAnimationFrame(done);
  });
}

/**
 * Called by main.tsx right before `hydrateRoot`: the steps' parts suspend in that first render
 * (Preact keeps their server markup as it is), so the hydration task covers only the shell. The
 * function returned releases them one by one, each in a task of its own, and resolves when the
 * last has hydrated.
 */
export function holdHydrationSteps(): () => Promise<void> {
  held = new Map(
    STEPS.map((step) => {
      let release = () => {};
      const promise = new Promise<void>((resolve) => (release = resolve));
      return [step, { promise, release }];
    }),
  );
  let done = () => {};
  allHydrated = new Promise<void>((resolve) => (done = resolve));
  return async () => {
    for (const step of STEPS) {
      // Each part's effects run in a task of their own instead of all together after the last.
      await afterPreactEffects();
      const pending = held?.get(step);
      held?.delete(step);
      // Preact hydrates the part in the microtasks this starts, within this task.
      pending?.release();
    }
    // The last part hydrates in a microtask after its release, later than this function's caller
    // would resume: a click held until now (replayHeldClicks) must reach the hydrated part.
    await afterPreactEffects();
    held = null;
    done();
  };
}

function Gate({ step, children }: { step: Step; children: ReactNode }) {
  const pending = held?.get(step);
  if (pending) throw pending.promise;
  return children;
}

/**
 * One part of the prerendered page that hydrates in its own later task. It must render exactly
 * one root element: Preact keeps "the first node that isn't a comment" of a component that
 * suspends while hydrating, and resumes hydrating that node when the promise settles. Everywhere
 * else (a render without server markup, client navigation, the build's prerender, the unit tests)
 * it renders its children as they are; which of the two it is is decided once, when it mounts, so
 * the tree under it never changes shape. Preact numbers `useId` in render order over the whole
 * root, and the page renders before the header here but after it on the server: only the page may
 * call `useId` (its form fields do), or its ids would differ from the markup's
 * (e2e/hydration.spec.ts compares them).
 */
export function HydrationStep({ step, children }: { step: Step; children: ReactNode }) {
  const [deferred] = useState(() => held?.has(step) ?? false);
  if (!deferred) return children;
  return (
    // While hydrating, Preact leaves the server markup in place of the fallback. (The lazy parts
    // under these steps have boundaries of their own, so nothing else suspends up to here.)
    <Suspense fallback={null}>
      <Gate step={step}>{children}</Gate>
    </Suspense>
  );
}

/**
 * What draws nothing on a prerendered page for its visitor (the cookie notice without analytics,
 * the page-view counter, the update prompt) but costs its first render: mounted after the steps
 * (in a task of its own) while a prerendered page hydrates, at once in any other browser render,
 * and not in the build's prerender (no document), whose markup has nothing of it either.
 */
export function AfterHydrationSteps({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => held === null && typeof document !== 'undefined');
  useEffect(() => {
    // Only in a browser: effects do not run in the prerender.
    if (ready) return;
    let mounted = true;
    void allHydrated.then(() => {
      if (mounted) setReady(true);
    });
    return () => {
      mounted = false;
    };
  }, [ready]);
  return ready ? children : null;
}
