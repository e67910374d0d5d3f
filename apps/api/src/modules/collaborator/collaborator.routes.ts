import type { FastifyInstance } from 'fastify';
import { collectionParams } from '@acervo/contract/collection';
import { errorBodySchema } from '@acervo/contract/errors';
import {
  collaboratorBody,
  collaboratorByEmailBody,
  collaboratorListResponse,
  collaboratorParams,
  collaboratorRemovedResponse,
  collaboratorResponse,
  inviteAcceptedResponse,
  inviteLinkBody,
  inviteLinkResponse,
  inviteLinksRevokedResponse,
  inviteParams,
  invitePreviewResponse,
} from '@acervo/contract/social';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, signedInUser } from '../../plugins/authentication.ts';
import { CAPPED_ERRORS, cappedRoutes } from '../daily-cap/capped-routes.ts';
import {
  acceptInvite,
  createInviteLink,
  listCollaborators,
  previewInvite,
  putCollaborator,
  putCollaboratorByEmail,
  removeCollaborator,
  revokeInviteLinks,
} from './collaborator.service.ts';

const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...readErrors, 403: errorBodySchema };
const tags = ['collaborators'];

export async function collaboratorRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  const { r, charge } = cappedRoutes(app, config);
  const max = config.COLLABORATORS_PER_COLLECTION;

  r.get(
    '/collection/:id/collaborators',
    {
      schema: {
        tags,
        summary: "A collection's collaborators, oldest first (for its owner and collaborators)",
        security: bearerSecurity,
        params: collectionParams,
        response: { 200: collaboratorListResponse, ...writeErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { data: await listCollaborators(db, request.params.id, user) };
    },
  );

  r.post(
    '/collection/:id/collaborators',
    {
      schema: {
        tags,
        summary:
          'Add the account with this e-mail as editor or viewer, or change its role (owner only; 404 EMAIL_NOT_REGISTERED; daily cap)',
        security: bearerSecurity,
        params: collectionParams,
        body: collaboratorByEmailBody,
        response: { 200: collaboratorResponse, ...CAPPED_ERRORS, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { email, role } = request.body;
      const { collaborator } = await putCollaboratorByEmail(
        db,
        request.params.id,
        user,
        email,
        role,
        charge,
        max,
      );
      return { data: collaborator };
    },
  );

  r.put(
    '/collection/:id/collaborators/:user_id',
    {
      schema: {
        tags,
        summary: 'Add a person as editor or viewer, or change their role (owner only; daily cap)',
        security: bearerSecurity,
        params: collaboratorParams,
        body: collaboratorBody,
        response: { 200: collaboratorResponse, ...CAPPED_ERRORS, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { id, user_id } = request.params;
      const { collaborator } = await putCollaborator(db, id, user, user_id, request.body.role, charge, max);
      return { data: collaborator };
    },
  );

  r.delete(
    '/collection/:id/collaborators/:user_id',
    {
      schema: {
        tags,
        summary: 'Remove a collaborator (the owner removes anyone; a collaborator may leave); idempotent',
        security: bearerSecurity,
        params: collaboratorParams,
        response: { 200: collaboratorRemovedResponse, ...writeErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { id, user_id } = request.params;
      await removeCollaborator(db, id, user, user_id);
      return { data: { collection_id: id, user_id, removed: true as const } };
    },
  );

  r.post(
    '/collection/:id/invite_link',
    {
      schema: {
        tags,
        summary:
          'Create an expiring invite link that makes whoever opens it editor or viewer (owner only; daily cap)',
        security: bearerSecurity,
        params: collectionParams,
        body: inviteLinkBody,
        response: { 201: inviteLinkResponse, ...CAPPED_ERRORS },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const link = await createInviteLink(db, request.params.id, user, request.body.role, config, charge);
      return reply.status(201).send({ data: link });
    },
  );

  r.delete(
    '/collection/:id/invite_link',
    {
      schema: {
        tags,
        summary: 'Revoke every open invite link of the collection (owner only)',
        security: bearerSecurity,
        params: collectionParams,
        response: { 200: inviteLinksRevokedResponse, ...writeErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const revoked = await revokeInviteLinks(db, request.params.id, user);
      return { data: { collection_id: request.params.id, revoked } };
    },
  );

  r.get(
    '/invite/:token',
    {
      schema: {
        tags,
        summary: 'What an open invite link gives (404 INVITE_INVALID when unknown, expired or revoked)',
        security: bearerSecurity,
        params: inviteParams,
        response: { 200: invitePreviewResponse, ...readErrors },
      },
    },
    async (request) => ({ data: await previewInvite(db, request.params.token, signedInUser(request)) }),
  );

  r.post(
    '/invite/:token',
    {
      schema: {
        tags,
        summary: 'Accept an invite link: the caller becomes a collaborator (never lowers a role)',
        security: bearerSecurity,
        params: inviteParams,
        response: { 200: inviteAcceptedResponse, ...readErrors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { collection_id, role } = await acceptInvite(db, request.params.token, user, max);
      return { data: { collection_id, role } };
    },
  );
}
