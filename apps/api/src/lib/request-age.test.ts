import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAge, stampRequestAge } from './request-age.ts';

/**
 * A request's work carries when the request came in (decision 080), through its hooks, the reading
 * of its body and its handler's awaits; work done for no request is as old as the moment it asks.
 */
describe('the age of a request', () => {
  let app: FastifyInstance;
  let base: string;
  let requestHeard = () => {};
  beforeAll(async () => {
    app = Fastify();
    stampRequestAge(app);
    const seenOnArrival = new WeakMap<object, number>();
    app.addHook('onRequest', async (request) => {
      seenOnArrival.set(request, requestAge());
      requestHeard();
    });
    app.post('/age', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { onArrival: seenOnArrival.get(request), inHandler: requestAge(), body: request.body };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(() => app?.close());

  it('is the arrival of the request, after its body was read and its handler waited', async () => {
    const before = performance.now();
    const words = Array.from({ length: 5000 }, (_, i) => `word ${i}`);
    // The body comes in two parts, the second once the server has begun the request.
    const body = Buffer.from(JSON.stringify({ words }));
    let second!: () => void;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body.subarray(0, 1000));
        second = () => {
          controller.enqueue(body.subarray(1000));
          controller.close();
        };
      },
    });
    requestHeard = () => second();
    const res = await fetch(`${base}/age`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const answer = (await res.json()) as { onArrival: number; inHandler: number; body: { words: string[] } };
    expect(answer.body.words).toHaveLength(5000);
    expect(answer.inHandler).toBe(answer.onArrival);
    expect(answer.onArrival).toBeGreaterThan(before);
    // Outside any request, now.
    expect(requestAge()).toBeGreaterThan(answer.inHandler + 5);
  });
});
