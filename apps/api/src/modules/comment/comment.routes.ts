import type { FastifyInstance } from 'fastify';
import {
  commentBody,
  commentDeletedResponse,
  commentListQuery,
  commentPageResponse,
  commentParams,
  commentResponse,
  commentsEnabledResponse,
  commentUpdateBody,
  mentionableQuery,
  mentionableResponse,
} from '@acervo/contract/comment';
import { collectionParams } from '@acervo/contract/collection';
import { collectionItemParams } from '@acervo/contract/collection-item';
import { errorBodySchema } from '@acervo/contract/errors';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, signedInUser } from '../../plugins/authentication.ts';
import { perPersonPerMinute } from '../../plugins/rate-limit.ts';
import { CAPPED_ERRORS, cappedRoutes, ON_OFF } from '../daily-cap/capped-routes.ts';
import {
  createComment,
  deleteComment,
  listComments,
  mentionable,
  setCommentsEnabled,
  updateComment,
  type CommentTarget,
} from './comment.service.ts';

const tags = ['comments'];
const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export async function commentRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  // Writing needs an account (401 before anything else); a public collection's comments are read
  // by anyone, like its items (`anonymous` below).
  const { r, charge } = cappedRoutes(app, config);
  // Each comment written or edited counts against one per-person budget (issue 26).
  const writes = perPersonPerMinute(app, config.COMMENTS_PER_MINUTE, 'comments');

  const targets = [
    { url: '/collection/:id/comments', params: collectionParams, what: 'a collection' },
    { url: '/collection_items/:item/comments', params: collectionItemParams, what: 'an item' },
  ] as const;
  const targetOf = (params: { id?: string; item?: string }): CommentTarget =>
    params.item ? { kind: 'item', id: params.item } : { kind: 'collection', id: params.id! };

  for (const { url, params, what } of targets) {
    r.route({
      method: 'GET',
      url,
      config: { anonymous: true },
      schema: {
        tags,
        summary: `Comments on ${what} the caller may read: threads oldest first, replies after their comment (public ones also without a token)`,
        security: [...bearerSecurity, {}],
        params,
        querystring: commentListQuery,
        response: { 200: commentPageResponse, ...readErrors },
      },
      handler: async (request) => listComments(db, targetOf(request.params), request.user, request.query),
    });

    r.route({
      method: 'POST',
      url,
      preHandler: writes,
      schema: {
        tags,
        summary: `Comment on ${what} the caller may read, or reply to a comment (not to a reply); per-minute and daily caps`,
        security: bearerSecurity,
        params,
        body: commentBody,
        response: { 201: commentResponse, ...CAPPED_ERRORS },
      },
      handler: async (request, reply) => {
        const comment = await createComment(
          db,
          targetOf(request.params),
          signedInUser(request),
          request.body,
          charge,
        );
        return reply.status(201).send({ data: comment });
      },
    });
  }

  r.put(
    '/comments/:id',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Change the text of a comment (its author only)',
        security: bearerSecurity,
        params: commentParams,
        body: commentUpdateBody,
        response: { 200: commentResponse, ...CAPPED_ERRORS },
      },
    },
    async (request) => ({
      data: await updateComment(db, request.params.id, signedInUser(request), request.body.body),
    }),
  );

  r.delete(
    '/comments/:id',
    {
      schema: {
        tags,
        summary: "Delete a comment and its replies (its author, or the collection's owner)",
        security: bearerSecurity,
        params: commentParams,
        response: { 200: commentDeletedResponse, ...CAPPED_ERRORS },
      },
    },
    async (request) => {
      await deleteComment(db, request.params.id, signedInUser(request));
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );

  // Asked as the writer types after `@`: the search budget's size, counted apart.
  const suggestions = perPersonPerMinute(app, config.SEARCHES_PER_MINUTE, 'mentions');
  r.get(
    '/collection/:id/mentionable',
    {
      preHandler: suggestions,
      schema: {
        tags,
        summary:
          'People the caller may mention in a comment on the collection (who may read it), by the start of a word of their name',
        security: bearerSecurity,
        params: collectionParams,
        querystring: mentionableQuery,
        response: { 200: mentionableResponse, ...CAPPED_ERRORS },
      },
    },
    async (request) => ({
      data: await mentionable(db, request.params.id, signedInUser(request), request.query.q),
    }),
  );

  for (const [method, on] of ON_OFF) {
    r.route({
      method,
      url: '/collection/:id/comments_enabled',
      schema: {
        tags,
        summary: on
          ? 'Accept new comments on a collection (its owner; the default)'
          : 'Refuse new comments on a collection; existing ones stay readable (its owner)',
        security: bearerSecurity,
        params: collectionParams,
        response: { 200: commentsEnabledResponse, ...CAPPED_ERRORS },
      },
      handler: async (request) => ({
        data: await setCommentsEnabled(db, request.params.id, signedInUser(request), on),
      }),
    });
  }
}
