import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import {
  tasteResponse,
  tasteShareLinkResponse,
  tasteShareParams,
  tasteShareResponse,
  tasteUnsharedResponse,
} from '@acervo/contract/taste';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perIpPerMinute } from '../../plugins/rate-limit.ts';
import { renderTasteCard } from './taste-card.ts';
import { readTaste, readTasteShare, shareTaste, unshareTaste } from './taste.service.ts';

const signedIn = { onRequest: signInRequired } as const;
/**
 * Reads of a shared match (its answer, page picture) and shares, per IP a minute: each computes
 * the match again, and anyone may ask.
 */
export const TASTE_SHARE_REQUESTS_PER_MINUTE = 60;
const limited = { config: perIpPerMinute(TASTE_SHARE_REQUESTS_PER_MINUTE) };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export async function tasteRoutes(
  app: FastifyInstance,
  { db, heavy }: { db: Db; heavy: HeavyReads },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/:user_id/taste',
    {
      ...signedIn,
      schema: {
        tags: ['users'],
        summary:
          "Taste in common: the caller's ratings compared with the person's, a 0-100 match (null below 5 works in common), agreements, the biggest disagreement, and the caller's share link of it",
        security: bearerSecurity,
        params: userParams,
        response: { 200: tasteResponse, ...errors },
      },
    },
    async (request) => ({
      data: await heavy(() => readTaste(db, request.params.user_id, signedInUser(request))),
    }),
  );

  r.put(
    '/user/:user_id/taste/share',
    {
      ...signedIn,
      ...limited,
      schema: {
        tags: ['users'],
        summary:
          'Shares the caller’s taste in common with the person: a public link (/taste/{id}) with its preview picture, compared from public collections only; the same link every time. 409 TASTE_NOT_SHAREABLE when those give no number',
        security: bearerSecurity,
        params: userParams,
        response: { 200: tasteShareLinkResponse, ...errors, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => ({
      data: await shareTaste(db, request.params.user_id, signedInUser(request), heavy),
    }),
  );

  r.delete(
    '/user/:user_id/taste/share',
    {
      ...signedIn,
      schema: {
        tags: ['users'],
        summary: 'Takes the caller’s share link of their taste in common with the person down',
        security: bearerSecurity,
        params: userParams,
        response: { 200: tasteUnsharedResponse, ...errors },
      },
    },
    async (request) => {
      await unshareTaste(db, request.params.user_id, signedInUser(request));
      return { data: { shared: false as const } };
    },
  );

  r.get(
    '/taste_shares/:id',
    {
      ...limited,
      schema: {
        tags: ['users'],
        summary:
          'A shared taste in common, for anyone: both people compared from their public collections; 404 once either opts out of sharing activity, is suspended, blocks the other, or the link is taken down',
        params: tasteShareParams,
        response: {
          200: tasteShareResponse,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await readTasteShare(db, request.params.id, heavy) }),
  );
}

/** The preview picture of a shared match, at the site's root next to its page (`/taste/{id}`). */
export async function tasteCardRoutes(
  app: FastifyInstance,
  { db, heavy }: { db: Db; heavy: HeavyReads },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/taste/:id/card.png',
    {
      ...limited,
      schema: { hide: true, summary: 'The preview picture of a shared match', params: tasteShareParams },
    },
    async (request, reply) =>
      reply
        .type('image/png')
        // Short: a link taken down stops showing its picture soon.
        .header('cache-control', 'public, max-age=300')
        .send(await renderTasteCard(await readTasteShare(db, request.params.id, heavy))),
  );
}
