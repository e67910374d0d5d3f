import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorBodySchema } from '@acervo/contract/errors';
import {
  recapParams,
  recapResponse,
  recapShareLinkResponse,
  recapShareParams,
  recapUnsharedResponse,
} from '@acervo/contract/recap';
import type { Db } from '../../db/client.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perIpPerMinute } from '../../plugins/rate-limit.ts';
import { renderRecapPicture, RECAP_PICTURE_SIZES, type RecapPictureKind } from './recap-picture.ts';
import { readRecap, readRecapShare, shareRecap, unshareRecap } from './recap.service.ts';

const signedIn = { onRequest: signInRequired } as const;
/** Shares and reads of a shared year (its answer, pictures), per IP a minute: each computes the year. */
export const RECAP_SHARE_REQUESTS_PER_MINUTE = 60;
const limited = { config: perIpPerMinute(RECAP_SHARE_REQUESTS_PER_MINUTE) };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['users'];

/** "Seu ano no Acervo" (issue 28, decision 056). */
export async function recapRoutes(
  app: FastifyInstance,
  { db, heavy }: { db: Db; heavy: HeavyReads },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/:user_id/recap/:year',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "A person's year on Acervo: the owner's from all their collections, with the share link's id; anyone else's only once shared, from public collections (404 otherwise)",
        security: bearerSecurity,
        params: recapParams,
        response: { 200: recapResponse, ...errors },
      },
    },
    async (request) => ({
      data: await readRecap(db, request.params.user_id, request.params.year, signedInUser(request), heavy),
    }),
  );

  r.put(
    '/user/:user_id/recap/:year/share',
    {
      ...signedIn,
      ...limited,
      schema: {
        tags,
        summary:
          'Shares the caller’s year: a public link (/recap/{id}) with its pictures; the same link every time',
        security: bearerSecurity,
        params: recapParams,
        response: { 200: recapShareLinkResponse, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => ({
      data: await shareRecap(db, request.params.user_id, request.params.year, signedInUser(request)),
    }),
  );

  r.delete(
    '/user/:user_id/recap/:year/share',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Takes the caller’s year link down',
        security: bearerSecurity,
        params: recapParams,
        response: { 200: recapUnsharedResponse, ...errors },
      },
    },
    async (request) => {
      await unshareRecap(db, request.params.user_id, request.params.year, signedInUser(request));
      return { data: { shared: false as const } };
    },
  );

  r.get(
    '/recap_shares/:id',
    {
      ...limited,
      schema: {
        tags,
        summary:
          'A shared year, for anyone: from public collections only; 404 once the link is taken down, or the owner stops sharing activity or is suspended',
        params: recapShareParams,
        response: { 200: recapResponse, 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => ({ data: await readRecapShare(db, request.params.id, heavy) }),
  );
}

/** A shared year's pictures, at the site's root next to its page (`/recap/{id}`). */
export async function recapPictureRoutes(
  app: FastifyInstance,
  { db, heavy }: { db: Db; heavy: HeavyReads },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of Object.keys(RECAP_PICTURE_SIZES) as RecapPictureKind[]) {
    r.get(
      `/recap/:id/${kind}.png`,
      {
        ...limited,
        schema: {
          hide: true,
          summary: `A shared year's picture (${kind})`,
          params: z.object({ id: recapShareParams.shape.id }),
        },
      },
      async (request, reply) =>
        reply
          .type('image/png')
          // Short: a link taken down stops showing its picture soon.
          .header('cache-control', 'public, max-age=300')
          .header('content-disposition', `inline; filename="acervo-recap-${kind}.png"`)
          .send(await renderRecapPicture(await readRecapShare(db, request.params.id, heavy), kind)),
    );
  }
}
