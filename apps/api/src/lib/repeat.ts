/** A job that runs again and again in the API process, until stopped. */
export interface RepeatingJob {
  /** Waits for the run in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * Runs `run` `intervalMs` after the previous run ended, so runs never overlap in one process; a
 * failed run goes to `onError` and the next one is scheduled as usual. `run` is told whether the
 * job was asked to stop, to end early between two steps. The timer does not keep the process alive.
 */
export function repeatEvery(
  intervalMs: number,
  run: (stopping: () => boolean) => Promise<void>,
  onError: (err: unknown) => void,
): RepeatingJob {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = run(() => stopped)
        .catch(onError)
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
