import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smallPicture } from '@acervo/contract/picture';
import { loadConfig } from '../../env.ts';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import type { Session } from '../collection/collection.test-helpers.ts';
import { deletePicture, multipart, putPicture, solid } from './media.test-helpers.ts';

/**
 * The media flows with photos in an S3-compatible bucket. s3rver (a pure-JS S3 server) keeps the
 * objects and answers the protocol (XML errors, NoSuchKey, ListObjectsV2) on 127.0.0.1. It only
 * checks that a V4 request's access key exists, not its signature, so the server below verifies
 * the SigV4 Authorization header itself, with its own code, before handing the request over.
 */
const BUCKET = 'acervo-photos';
const KEY_ID = 'S3RVER';
const SECRET = 'S3RVER'; // s3rver's built-in account
const REGION = 'sa-east-1';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

/** AWS Signature V4 as S3 checks it (the payload hash is taken as declared, the body not re-read). */
function signatureMatches(req: IncomingMessage): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!auth) return false;
  const [, keyId, date, region, signedHeaders, signature] = auth as unknown as string[];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (keyId !== KEY_ID || region !== REGION || !amzDate.startsWith(date!)) return false;
  const names = signedHeaders!.split(';');
  const url = new URL(req.url!, 'http://s3');
  if (!names.includes('host') || !names.includes('x-amz-content-sha256')) return false;
  const canonical = [
    req.method,
    url.pathname,
    [...url.searchParams]
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join('&'),
    ...names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}`),
    '',
    signedHeaders,
    String(req.headers['x-amz-content-sha256']),
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date!), region!), 's3'), 'aws4_request');
  return timingSafeEqual(hmac(key, toSign), Buffer.from(signature!, 'hex'));
}

let ctx: TestContext;
let app: FastifyInstance;
let s3Dir: string;
let s3rver: S3rver;
let server: Server;
let endpoint: string;
const s3Env = () => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  S3_REGION: REGION,
  S3_ACCESS_KEY_ID: KEY_ID,
  S3_SECRET_ACCESS_KEY: SECRET,
});
/** Reads the bucket directly, as an operator would, not through the app's storage code. */
const bucket = () =>
  new AwsClient({ accessKeyId: KEY_ID, secretAccessKey: SECRET, region: REGION, service: 's3' });

async function objectKeys(): Promise<string[]> {
  const res = await bucket().fetch(`${endpoint}/${BUCKET}?list-type=2`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!).sort();
}
async function objectBytes(key: string): Promise<Buffer | number> {
  const res = await bucket().fetch(`${endpoint}/${BUCKET}/${key}`);
  return res.ok ? Buffer.from(await res.arrayBuffer()) : res.status;
}

beforeAll(async () => {
  s3Dir = await mkdtemp(join(tmpdir(), 'acervo-s3-'));
  s3rver = new S3rver({ directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  server = createServer((req, res) => {
    if (signatureMatches(req)) return handle(req, res);
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = await createTestContext();
  app = await ctx.buildApp(s3Env());
});
beforeEach(() => ctx.reset());
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => server.close(resolve));
  s3rver.logger.exceptions.unhandle();
  s3rver.logger.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const upload = async (who: Session, size: number, to = app) => {
  const png = await solid(size, size).png().toBuffer();
  return putPicture(to, who, multipart(png, 'foto.png', 'image/png'), who);
};
const keysOf = (picture: string) => {
  const token = picture.replace(/^\/media\/|-512\.webp$/g, '');
  return [`${token}-512.webp`, `${token}-96.webp`].sort();
};
const served = (url: string) => app.inject({ method: 'GET', url });

describe('profile photos in S3-compatible storage', () => {
  it('stores both renditions in the bucket, serves them, replaces and deletes them there', async () => {
    const ana = await signUp(app);
    const first = await upload(ana, 300);
    expect(first.statusCode).toBe(200);
    const firstPicture = first.json().data.picture as string;
    expect(await objectKeys()).toEqual(keysOf(firstPicture));

    const large = await served(firstPicture);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.rawPayload.equals((await objectBytes(keysOf(firstPicture)[0]!)) as Buffer)).toBe(true);
    expect((await served(smallPicture(firstPicture))).statusCode).toBe(200);

    const second = (await upload(ana, 200)).json().data.picture as string;
    expect(second).not.toBe(firstPicture);
    expect((await served(firstPicture)).statusCode).toBe(404);
    expect((await served(smallPicture(firstPicture))).statusCode).toBe(404);
    expect(await objectKeys()).toEqual(keysOf(second));

    const removed = await deletePicture(app, ana);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.picture).toBeNull();
    expect((await served(second)).statusCode).toBe(404);
    expect(await objectKeys()).toEqual([]);
    expect(await objectBytes(keysOf(second)[0]!)).toBe(404);
    // Removing again (nothing left in the bucket) is not an error either.
    const again = await deletePicture(app, ana);
    expect(again.statusCode).toBe(200);
  });

  it('answers 5xx with only a request id when the bucket refuses, and keeps the old photo', async () => {
    const ana = await signUp(app);
    const picture = (await upload(ana, 100)).json().data.picture as string;
    const wrongSecret = await ctx.buildApp({ ...s3Env(), S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    const wrongKey = await ctx.buildApp({ ...s3Env(), S3_ACCESS_KEY_ID: 'NOBODY' });
    for (const broken of [wrongSecret, wrongKey]) {
      const res = await upload(ana, 150, broken);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: { code: 'INTERNAL', message: expect.any(String), request_id: expect.any(String) },
      });
      // The request id is random and may spell "S3" itself (it did once: a flaky failure).
      expect(res.body.replace(res.json().error.request_id, '')).not.toMatch(/S3|Signature|AccessKey|webp/i);
    }
    const me = await app.inject({ method: 'GET', url: `/api/v1/user/${ana.user_id}`, headers: ana.auth });
    expect(me.json().data.picture).toBe(picture);
    expect((await served(picture)).statusCode).toBe(200);
    expect(await objectKeys()).toEqual(keysOf(picture));
  });
});

describe('S3 configuration', () => {
  it('uses the region default and refuses a partial S3_* configuration at start-up', () => {
    expect(loadConfig({ ...s3Env(), S3_REGION: '' }).S3_REGION).toBe('us-east-1');
    expect(() => loadConfig({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: KEY_ID })).toThrow(
      /S3 photo storage needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...s3Env(), S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });
});
