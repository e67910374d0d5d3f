import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorBodySchema } from '@acervo/contract/errors';
import {
  adminReportPageResponse,
  adminReportsQuery,
  appealBody,
  auditPageResponse,
  auditQuery,
  blockedTermBody,
  blockedTermsResponse,
  reportBody,
  reportParams,
  reportResponse,
  reportTargetId,
  resolveReportBody,
} from '@acervo/contract/safety';
import { userParams } from '@acervo/contract/user';
import { issue } from '@acervo/contract/validation';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { forbidden } from '../../lib/app-error.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perIpPerMinute } from '../../plugins/rate-limit.ts';
import { dailyCapCharger } from '../daily-cap/daily-cap.service.ts';
import { isOperator } from '../admin/operator.ts';
import {
  addBlockedTerm,
  appealHidden,
  appealSuspension,
  createReport,
  listAudit,
  listBlockedTerms,
  listReports,
  removeBlockedTerm,
  resolveReport,
  unsuspend,
} from './moderation.service.ts';

const tags = ['moderation'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const hiddenAppealBody = z.extend(appealBody, {
  target_type: z.enum(['collection', 'item'], { error: issue.reportTargetInvalid }),
  target_id: reportTargetId,
});
const suspensionAppealBody = z.extend(appealBody, {
  token: z.string({ error: issue.invalid }).check(z.maxLength(200, issue.invalid)),
});
const termQuery = z.object({ term: blockedTermBody.shape.term });

export async function moderationRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const charge = dailyCapCharger(config);

  /** Operators only: 401 without a session, 403 for everyone else. */
  const operatorOnly = async (request: FastifyRequest) => {
    await signInRequired(request);
    if (!(await isOperator(db, signedInUser(request), config))) throw forbidden();
  };

  r.post(
    '/reports',
    {
      onRequest: signInRequired,
      schema: {
        tags,
        summary:
          'Report a collection, an item or a person (one open report per person and target; daily cap)',
        security: bearerSecurity,
        body: reportBody,
        response: { 201: reportResponse, ...errors, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const report = await createReport(db, signedInUser(request), request.body, charge);
      return reply.status(201).send({ data: report });
    },
  );

  r.post(
    '/moderation/appeal',
    {
      onRequest: signInRequired,
      config: perIpPerMinute(10),
      schema: {
        tags,
        summary: 'The owner of hidden content asks once for a second look',
        security: bearerSecurity,
        body: hiddenAppealBody,
        response: { 200: reportResponse, ...errors, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { text, ...target } = request.body;
      return { data: await appealHidden(db, signedInUser(request), target, text) };
    },
  );

  r.post(
    '/moderation/appeal/suspension',
    {
      config: perIpPerMinute(10),
      schema: {
        tags,
        summary: "A suspended account's one appeal, with the token of the mail that told them",
        body: suspensionAppealBody,
        response: {
          200: z.object({ data: z.object({ appealed: z.literal(true) }) }),
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      await appealSuspension(db, request.body.token, request.body.text);
      return { data: { appealed: true as const } };
    },
  );

  r.get(
    '/admin/reports',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'The reports queue, newest first (appeals by the time of the appeal); operators only',
        security: bearerSecurity,
        querystring: adminReportsQuery,
        response: { 200: adminReportPageResponse, ...errors },
      },
    },
    async (request) => listReports(db, request.query),
  );

  r.post(
    '/admin/reports/:id/resolve',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Dismiss, hide the content, or suspend its owner; logged; operators only',
        security: bearerSecurity,
        params: reportParams,
        body: resolveReportBody,
        response: { 200: reportResponse, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const resolved = await resolveReport(
        db,
        signedInUser(request),
        request.params.id,
        request.body,
        config,
      );
      // A suspension ended every session of the owner: this process stops answering them now, as
      // the sign-out routes do; other processes hear of it through the sessions trigger.
      if (resolved.suspendedUserId) app.sessionCache.forgetUser(resolved.suspendedUserId);
      return { data: resolved.report };
    },
  );

  r.post(
    '/admin/users/:user_id/unsuspend',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Lift a suspension; logged; operators only',
        security: bearerSecurity,
        params: userParams,
        response: { 200: z.object({ data: z.object({ suspended: z.literal(false) }) }), ...errors },
      },
    },
    async (request) => {
      await unsuspend(db, signedInUser(request), request.params.user_id);
      return { data: { suspended: false as const } };
    },
  );

  r.get(
    '/admin/audit',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Every operator action, newest first; operators only',
        security: bearerSecurity,
        querystring: auditQuery,
        response: { 200: auditPageResponse, ...errors },
      },
    },
    async (request) => listAudit(db, request.query),
  );

  r.get(
    '/admin/blocked_terms',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Terms refused in names and descriptions; operators only',
        security: bearerSecurity,
        response: { 200: blockedTermsResponse, ...errors },
      },
    },
    async () => ({ data: await listBlockedTerms(db) }),
  );

  r.put(
    '/admin/blocked_terms',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Add a blocked term (idempotent); logged; operators only',
        security: bearerSecurity,
        body: blockedTermBody,
        response: { 200: blockedTermsResponse, ...errors },
      },
    },
    async (request) => ({ data: await addBlockedTerm(db, signedInUser(request), request.body.term) }),
  );

  r.delete(
    '/admin/blocked_terms',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Remove a blocked term (idempotent); logged; operators only',
        security: bearerSecurity,
        querystring: termQuery,
        response: { 200: blockedTermsResponse, ...errors },
      },
    },
    async (request) => ({ data: await removeBlockedTerm(db, signedInUser(request), request.query.term) }),
  );
}
