import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Answers the calls in order: a status (with a JSON body) or a thrown network failure. */
function fakeFetch(...answers: Array<number | 'offline'>) {
  const keys: Array<string | undefined> = [];
  globalThis.fetch = (async (_url: string, init?: RequestInit) => {
    keys.push((init?.headers as Record<string, string>)['idempotency-key']);
    const next = answers.shift();
    if (next === undefined) throw new Error('unexpected fetch');
    if (next === 'offline') throw new TypeError('Failed to fetch');
    const body =
      next === 201 ? { data: { id: 'abc' } } : { error: { code: 'DATABASE_UNAVAILABLE', message: 'x' } };
    return Response.json(body, { status: next, headers: next === 503 ? { 'retry-after': '2' } : {} });
  }) as typeof fetch;
  return keys;
}

afterEach(() => vi.useRealTimers());

describe('creating writes (api.create)', () => {
  it('send one Idempotency-Key and send it again on each retry after no answer or a 503', async () => {
    vi.useFakeTimers();
    const keys = fakeFetch('offline', 503, 201);
    const created = api.create<{ id: string }>('/collection', { name: 'x' });
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(created).resolves.toEqual({ id: 'abc' });
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
  });

  it('use a new key for the next action, and give up after two retries', async () => {
    vi.useFakeTimers();
    const keys = fakeFetch(201, 503, 503, 503);
    await api.create('/collection', {});
    const failed = api.create('/collection', {}).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(5_000);
    const err = await failed;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('DATABASE_UNAVAILABLE');
    expect(keys).toHaveLength(4);
    expect(keys[1]).not.toBe(keys[0]);
    expect(new Set(keys.slice(1)).size).toBe(1);
  });

  it('other writes carry no key and are sent once', async () => {
    const keys = fakeFetch('offline');
    await expect(api.post('/session', {})).rejects.toMatchObject({ status: 0 });
    expect(keys).toEqual([undefined]);
  });
});
