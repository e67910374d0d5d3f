import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/v1/category', () => {
  it('lists at least 15 seeded categories sorted in pt-BR order, accents with their letter', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/category' });
    expect(res.statusCode).toBe(200);
    const names = (res.json().data as { id: string; name: string }[]).map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(15);
    expect(names).toEqual(
      expect.arrayContaining(['Filmes', 'Séries', 'Livros', 'Músicas', 'Restaurantes', 'Viagens']),
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    // "Álbuns" sorts among the A's, not after "Z" as a byte order would put it.
    expect(names.indexOf('Álbuns')).toBeLessThan(names.indexOf('Bares'));
  });

  it('gives every category an opaque id', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/category' });
    for (const c of res.json().data as { id: string }[]) expect(c.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});
