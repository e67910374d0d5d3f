import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat.ts';

afterEach(() => vi.useRealTimers());

describe('repeatEvery', () => {
  it('runs again only after the previous run ended, past a failure, until stopped', async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    const errors: unknown[] = [];
    let release!: () => void;
    const job = repeatEvery(
      1_000,
      async () => {
        started.push(Date.now());
        if (started.length === 1) await new Promise<void>((resolve) => (release = resolve));
        if (started.length === 2) throw new Error('a run failed');
      },
      (err) => errors.push(err),
    );
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(5_000);
    // The first run is still going: no second one meanwhile.
    expect(started).toEqual([t0 + 1_000]);
    release();
    await vi.advanceTimersByTimeAsync(2_000);
    // One second after the first ended, then one second after the second failed.
    expect(started).toEqual([t0 + 1_000, t0 + 6_000, t0 + 7_000]);
    expect(errors).toEqual([new Error('a run failed')]);

    await job.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(started).toHaveLength(3);
  });

  it('tells a run that a stop was asked, and stop waits for it', async () => {
    vi.useFakeTimers();
    let sawStop = false;
    let release!: () => void;
    const job = repeatEvery(
      100,
      async (stopping) => {
        await new Promise<void>((resolve) => (release = resolve));
        sawStop = stopping();
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(100);
    const stopped = job.stop();
    release();
    await stopped;
    expect(sawStop).toBe(true);
  });
});
