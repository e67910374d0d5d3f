import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.ts';

/**
 * Issue 12: answers travel compressed. A built web app is made here in a temporary folder, with
 * the .br/.gz files the build writes beside its assets, so the tests see what a browser gets.
 */
let ctx: TestContext;
let web: FastifyInstance;
let distDir: string;
const script = `console.log(${JSON.stringify('Acervo '.repeat(400))});`;
const page = `<!doctype html><html lang="pt-BR"><head><title>Acervo</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;

beforeAll(async () => {
  ctx = await createTestContext();
  distDir = mkdtempSync(join(tmpdir(), 'acervo-dist-'));
  mkdirSync(join(distDir, 'assets'));
  const files = { 'index.html': page, 'assets/app-Ab12Cd34.js': script };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(distDir, name), content);
    writeFileSync(join(distDir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(distDir, `${name}.gz`), gzipSync(content));
  }
  web = await ctx.buildApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends API JSON over 1 KB in brotli or gzip, as the client accepts, and plain otherwise', async () => {
    const plain = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await ctx.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);

    const gz = await ctx.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers as they are', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/category', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('serves the built files precompressed: assets cached for good, the page revalidated', async () => {
    const asset = await web.inject({
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['vary']).toMatch(/accept-encoding/i);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);

    const gz = await web.inject({ url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await web.inject({ url: '/assets/app-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // A client-side route gets index.html, compressed and always revalidated.
    const route = await web.inject({ url: '/lists/abc', headers: { 'accept-encoding': 'br' } });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/text\/html/);
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['cache-control']).toBe('no-cache');
    // The page as rendered for its path (its preview tags written in), the body untouched.
    expect(brotliDecompressSync(route.rawPayload).toString()).toContain('<div id="root"></div>'.repeat(80));
  });

  it('lets the page register its service worker and manifest (CSP)', async () => {
    const res = await web.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
